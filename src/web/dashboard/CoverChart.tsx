import type { CoverBucket } from '../../core/dashboard/summary';
import styles from './DashboardPage.module.css';

/** Days of cover across the catalogue: one bar per range, as long as its share of the largest. */
export function CoverChart({ buckets }: { buckets: readonly CoverBucket[] }) {
  const largest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  return (
    <ul className={styles.chart} aria-label="Products by days of stock">
      {buckets.map((bucket) => (
        <li key={bucket.label} className={styles.chartRow} data-bucket={bucket.label}>
          <span className={styles.chartLabel}>{bucket.label}</span>
          <span className={styles.chartTrack} aria-hidden="true">
            <span
              className={styles.chartBar}
              data-risk={bucket.from === 0 ? 'out' : bucket.from === 7 ? 'soon' : undefined}
              style={{ width: `${(bucket.count / largest) * 100}%` }}
            />
          </span>
          <span className={styles.chartCount} data-testid="cover-count">
            {bucket.count}
          </span>
        </li>
      ))}
    </ul>
  );
}
