import styles from './Benefits.module.css';
import { BENEFITS, type BenefitIcon } from './content';

const ICON_PATHS: Record<BenefitIcon, string[]> = {
  clock: ['M12 7v5l3.5 2', 'M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z'],
  tag: ['M3 12V4.5A1.5 1.5 0 0 1 4.5 3H12l9 9-9 9-9-9Z', 'M8 8h.01'],
  chart: ['M4 20h16', 'M5 15.5l4.5-4.5 3.5 3.5L20 7.5', 'M15 7.5h5v5'],
  spark: [
    'M12 3.5l1.9 5.1 5.1 1.9-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.9Z',
    'M19 16.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8Z',
  ],
};

export function BenefitGlyph({ icon }: { icon: BenefitIcon }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.glyph}>
      {ICON_PATHS[icon].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export type BenefitLook = 'glass' | 'numbered' | 'tile' | 'line';

/** SPEC 1 and 9: the four benefit cards, 4 columns, 2 at ≤1024px, 1 at ≤700px. */
export function Benefits({ look }: { look: BenefitLook }) {
  return (
    <ul className={`${styles.grid} ${styles[look]}`} aria-label="Benefits">
      {BENEFITS.map((benefit, index) => (
        <li key={benefit.title} className={styles.card}>
          {look === 'numbered' ? (
            <span className={styles.number} aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
          ) : (
            <span className={styles.icon}>
              <BenefitGlyph icon={benefit.icon} />
            </span>
          )}
          <h3 className={styles.title}>{benefit.title}</h3>
          <p className={styles.text}>{benefit.text}</p>
        </li>
      ))}
    </ul>
  );
}
