import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './AuthCard.module.css';

export const PRODUCT_NAME = 'Replen';

export function AuthCard({
  title,
  narrow,
  children,
}: {
  title: ReactNode;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <section className={`${styles.card} ${narrow ? styles.narrow : ''}`}>
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" />
          {PRODUCT_NAME}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </section>
    </main>
  );
}

export { styles as authStyles };
