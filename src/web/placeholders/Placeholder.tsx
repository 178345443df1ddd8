import type { ReactNode } from 'react';
import styles from './Placeholder.module.css';

/** SPEC 1: planned areas that are placeholders for now say so plainly; `null` children: a heading only. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.placeholder}>
      <h1>{title}</h1>
      {children === undefined ? <p>This area is coming soon.</p> : children}
    </section>
  );
}
