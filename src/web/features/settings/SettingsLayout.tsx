import { NavLink, Outlet } from 'react-router';
import { RoleGate } from '../access/gates';
import styles from './SettingsLayout.module.css';

// SPEC 2: the horizontal tabs of /settings.
const TABS = [
  { to: '/settings', label: 'Preferences', end: true },
  { to: '/settings/account', label: 'Account' },
  { to: '/settings/calculations', label: 'Calculations' },
  { to: '/settings/referrals', label: 'Referrals' },
  { to: '/settings/testingTree', label: 'TestTree' },
  { to: '/settings/temp-csv-import', label: 'Temp CSV Import' },
];

const tabClass = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.active : ''}`;

export function SettingsLayout() {
  return (
    <section>
      <h1>Settings</h1>
      <nav className={styles.tabs} aria-label="Settings">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={tabClass}>
            {tab.label}
          </NavLink>
        ))}
        <RoleGate minRole="dev">
          <NavLink to="/settings/early-access" className={tabClass}>
            Early Access
          </NavLink>
        </RoleGate>
      </nav>
      <div className={styles.panel}>
        <Outlet />
      </div>
    </section>
  );
}
