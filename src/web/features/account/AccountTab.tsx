import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PermissionGate } from '../access/gates';
import styles from '../settings/SettingsLayout.module.css';
import { useAccount } from './api';
import { MembersSection } from './MembersSection';

// SPEC 2: subscription tiers shown at 20 and 10 per month.
const PLANS = [
  { name: 'Pro', price: 20, action: 'Upgrade' },
  { name: 'Starter', price: 10, action: 'Downgrade' },
];

/** SPEC 2: the account mock-up, filled with the real user, account and members. */
export function AccountTab() {
  const { user } = useSession();
  const account = useAccount();
  return (
    <>
      <div className={styles.section}>
        <h2>Profile</h2>
        <div className={styles.inline}>
          <TextField label="Name" value={user?.full_name ?? ''} readOnly />
          <Button variant="secondary" disabled title="Coming soon">
            Update
          </Button>
        </div>
        <div className={styles.inline}>
          <TextField label="Email address" value={user?.email ?? ''} readOnly />
          <Button variant="secondary" disabled title="Coming soon">
            Update
          </Button>
        </div>
        <p>
          <Link to="/change-password">Change Password</Link>
        </p>
        <TextField
          label="Marketplace seller ID"
          value={account.data?.marketplaceSellerId ?? 'Not set'}
          readOnly
          aria-readonly="true"
        />
        <p className={styles.muted}>
          The seller ID is set when the account is created and cannot be changed.
        </p>
      </div>
      <PermissionGate permission="members.manage">
        <MembersSection />
      </PermissionGate>
      <div className={styles.section}>
        <h2>Subscriptions</h2>
        <ul>
          {PLANS.map((plan) => (
            <li key={plan.name}>
              {plan.name}: ${plan.price} per month — <a href="#subscriptions">{plan.action}</a>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.section}>
        <h2>Payment information</h2>
        <p className={styles.muted}>Payment details will appear here when subscriptions open.</p>
      </div>
    </>
  );
}
