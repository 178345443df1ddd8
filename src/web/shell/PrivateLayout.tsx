import { NavLink, Outlet } from 'react-router';
import { useTheme } from '../app/theme-context';
import { PermissionGate } from '../features/access/gates';
import { useSession } from '../lib/session';
import { AccountMenu } from './AccountMenu';
import { useNavOpen } from './nav-state';
import { SIDE_NAV_ENTRIES } from './navigation';
import styles from './PrivateLayout.module.css';

export const PRODUCT_TITLE = 'Replen';

export function PrivateLayout() {
  const { user } = useSession();
  const { theme, toggleTheme } = useTheme();
  const [isNavOpen, toggleNav] = useNavOpen();

  return (
    <div className={styles.layout}>
      <header className={styles.topBar}>
        <div className={styles.title}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label={isNavOpen ? 'Collapse navigation' : 'Expand navigation'}
            aria-expanded={isNavOpen}
            aria-controls="side-navigation"
            onClick={toggleNav}
          >
            ☰
          </button>
          <img src="/favicon.svg" alt="" />
          {PRODUCT_TITLE}
        </div>
        <AccountMenu fullName={user?.full_name ?? ''} />
      </header>
      <nav
        id="side-navigation"
        aria-label="Main"
        className={`${styles.sideNav} ${isNavOpen ? '' : styles.collapsed}`}
        data-state={isNavOpen ? 'expanded' : 'collapsed'}
      >
        {SIDE_NAV_ENTRIES.map((entry) => (
          <PermissionGate key={entry.path} permission={entry.permission}>
            <NavLink
              to={entry.path}
              title={entry.label}
              className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
            >
              <span className={styles.icon} aria-hidden="true">
                {entry.icon}
              </span>
              <span className={isNavOpen ? '' : 'visually-hidden'}>{entry.label}</span>
            </NavLink>
          </PermissionGate>
        ))}
        <span className={styles.spacer} />
        <button
          type="button"
          className={`${styles.navLink} ${styles.themeToggle}`}
          onClick={toggleTheme}
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        >
          <span className={styles.icon} aria-hidden="true">
            {theme === 'dark' ? '☀' : '☾'}
          </span>
          <span className={isNavOpen ? '' : 'visually-hidden'}>{theme === 'dark' ? 'Light' : 'Dark'}</span>
        </button>
      </nav>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
