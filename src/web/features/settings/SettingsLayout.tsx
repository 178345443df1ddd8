import { NavLink, Outlet } from 'react-router';
import type { Permission } from '../../../core/access/permissions';
import { PermissionGate } from '../access/gates';
import styles from './SettingsLayout.module.css';

// SPEC 2: the horizontal tabs of /settings, and Imports (DESIGN 12). A tab with a permission shows
// exactly when its page would answer (DESIGN 9): TestTree only to those who may edit access.
const TABS: ReadonlyArray<{ to: string; label: string; end?: true; permission?: Permission }> = [
  { to: '/settings', label: 'Preferences', end: true },
  { to: '/settings/account', label: 'Account' },
  { to: '/settings/calculations', label: 'Calculations', permission: 'calculations.view' },
  { to: '/settings/marketplace', label: 'Marketplace', permission: 'marketplace.view' },
  { to: '/settings/referrals', label: 'Referrals' },
  { to: '/settings/testingTree', label: 'TestTree', permission: 'access-schema.edit' },
  { to: '/settings/temp-csv-import', label: 'Temp CSV Import', permission: 'restock.import.view' },
  { to: '/settings/imports', label: 'Imports', permission: 'restock.import.view' },
  { to: '/settings/early-access', label: 'Early Access', permission: 'early-access.view' },
];

const tabClass = ({ isActive }: { isActive: boolean }) => `${styles.tab} ${isActive ? styles.active : ''}`;

export function SettingsLayout() {
  return (
    <section>
      <h1>Settings</h1>
      <nav className={styles.tabs} aria-label="Settings">
        {TABS.map((tab) => (
          <PermissionGate key={tab.to} permission={tab.permission}>
            <NavLink to={tab.to} end={tab.end} className={tabClass}>
              {tab.label}
            </NavLink>
          </PermissionGate>
        ))}
      </nav>
      <div className={styles.panel}>
        <Outlet />
      </div>
    </section>
  );
}
