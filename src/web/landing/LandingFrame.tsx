import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from './content';
import styles from './landing.module.css';
import { TopStrip } from './TopStrip';

/** The page shell every variant shares: top strip, the variant's own sections, footer. */
export function LandingFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={`${styles.page} ${className ?? ''}`}>
      <TopStrip />
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        <div className={`${styles.container} ${styles.footerInner}`}>
          <span>© 2025 {PRODUCT_NAME}. Restock recommendations for marketplace sellers.</span>
          <span className={styles.footerLinks}>
            <Link to="/login">Log In</Link>
            <Link to="/signup">Sign Up</Link>
          </span>
        </div>
      </footer>
    </div>
  );
}

export { styles as landingStyles };
