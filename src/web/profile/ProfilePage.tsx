import { RoleGate } from '../features/access/gates';
import { useSession } from '../lib/session';
import styles from './ProfilePage.module.css';

const time = (seconds: number | undefined) => (seconds ? new Date(seconds * 1000).toLocaleString() : '-');

/** SPEC 2: 'Coming soon...' and, for admin and above, the session debug block. */
export function ProfilePage() {
  const { user, status, isRefreshing, error } = useSession();
  return (
    <section>
      <h1>Profile</h1>
      <p>Coming soon...</p>
      <RoleGate minRole="admin">
        <section className={styles.debug} aria-label="Session details">
          {isRefreshing ? (
            <div className={styles.bar} role="progressbar" aria-label="Refreshing session" />
          ) : null}
          <dl>
            <dt>Authenticated</dt>
            <dd>{status === 'signed-in' ? 'Yes' : 'No'}</dd>
            <dt>Full name</dt>
            <dd>{user?.full_name}</dd>
            <dt>Email</dt>
            <dd>{user?.email}</dd>
            <dt>Role</dt>
            <dd>{user?.role}</dd>
            <dt>Token version</dt>
            <dd>{user?.token_version}</dd>
            <dt>Issued</dt>
            <dd>{time(user?.iat)}</dd>
            <dt>Expires</dt>
            <dd>{time(user?.exp)}</dd>
            <dt>Auth error</dt>
            <dd>{error ?? 'None'}</dd>
          </dl>
        </section>
      </RoleGate>
    </section>
  );
}
