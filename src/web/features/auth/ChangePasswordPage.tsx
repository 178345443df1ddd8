import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type ChangePasswordForm, changePasswordFormSchema } from '../../../core/auth/schemas';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FormError } from '../../ui/FormError';
import { Modal } from '../../ui/Modal';
import { AuthCard, authStyles as styles } from './AuthCard';
import { changePassword, failureMessage } from './api';

export function ChangePasswordPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    setError(null);
    try {
      await changePassword({ oldPassword, newPassword });
      setDone(true);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  });

  // SPEC 4: OK logs the user out and goes to /login.
  const finish = async () => {
    await session.signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard title="Change Password" narrow>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Old Password"
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmNewPassword?.message}
          {...form.register('confirmNewPassword')}
        />
        <FormError message={error} />
        <Button type="submit" block disabled={isSubmitting}>
          Change Password
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/dashboard">Back</Link>
      </div>
      {isDone ? (
        <Modal
          title="Password changed successfully!"
          actions={
            <Button onClick={() => void finish()} autoFocus>
              OK
            </Button>
          }
        />
      ) : null}
    </AuthCard>
  );
}
