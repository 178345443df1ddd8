import { Link, NavLink } from 'react-router';
import { LANDING_PAGES, PRODUCT_NAME } from './content';
import { ThemeToggle } from './ThemeToggle';
import styles from './TopStrip.module.css';

/** SPEC 2: the strip above every variant, one link per variant, plus the theme and account links. */
export function TopStrip() {
  return (
    <header className={styles.strip}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <img src="/favicon.svg" alt="" width={26} height={26} />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label="Landing pages" className={styles.pages}>
          {LANDING_PAGES.map((page) => (
            <NavLink
              key={page.path}
              to={page.path}
              end
              className={({ isActive }) => `${styles.pageLink} ${isActive ? styles.active : ''}`}
            >
              {page.title}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          <ThemeToggle />
          <Link to="/login" className={styles.login}>
            Log In
          </Link>
          <Link to="/signup" className={styles.signup}>
            Sign Up
          </Link>
        </div>
      </div>
    </header>
  );
}
