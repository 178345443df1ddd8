import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { type AddMemberInput, addMemberSchema, invitedMessage } from '../../../core/account/members';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from '../settings/SettingsLayout.module.css';
import { useAddMember, useMembers, useRemoveMember } from './api';

/**
 * The account users table: owners add members (role user) with an initial password, and remove them.
 * An added member shows as invited until their first log-in.
 */
export function MembersSection() {
  const { user } = useSession();
  const members = useMembers(true);
  const addMember = useAddMember();
  const removeMember = useRemoveMember();
  const form = useForm<AddMemberInput>({
    resolver: zodResolver(addMemberSchema),
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  const onAdd = form.handleSubmit(async (member) => {
    try {
      await addMember.mutateAsync(member);
      form.reset({ fullName: '', email: '', password: '' });
      toast.success(invitedMessage(member.fullName));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not add the member');
    }
  });

  return (
    <div className={styles.section}>
      <h2>Account users</h2>
      {members.isPending ? <p>Loading...</p> : null}
      {members.isError ? <p className={styles.error}>Error loading data</p> : null}
      {members.data ? (
        <table className={styles.table} aria-label="Account users">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Status</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.id}>
                <td>{member.fullName}</td>
                <td>{member.email}</td>
                <td>{member.role}</td>
                <td>{member.status === 'invited' ? 'Invited (not logged in yet)' : 'Active'}</td>
                <td>
                  {member.email !== user?.email ? (
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${member.fullName}`}
                      disabled={removeMember.isPending}
                      onClick={() =>
                        removeMember.mutate(member.id, { onError: (error) => toast.error(error.message) })
                      }
                    >
                      Remove
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form onSubmit={onAdd} noValidate aria-label="Add a member">
        <h3>Add a member</h3>
        <div className={styles.grid}>
          <TextField label="Member name" error={errors.fullName?.message} {...form.register('fullName')} />
          <TextField
            label="Member email"
            type="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label="Initial password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
        </div>
        <p>
          <Button type="submit" disabled={addMember.isPending}>
            Add member
          </Button>
        </p>
      </form>
    </div>
  );
}
