import { FAQ } from './content';
import styles from './Faq.module.css';

/** SPEC 2: the three FAQ entries, as an open list or as an accordion. */
export function Faq({ look }: { look: 'list' | 'accordion' }) {
  if (look === 'accordion') {
    return (
      <div className={styles.accordion}>
        {FAQ.map((entry) => (
          <details key={entry.question} className={styles.item} open>
            <summary className={styles.summary}>{entry.question}</summary>
            <p className={styles.answer}>{entry.answer}</p>
          </details>
        ))}
      </div>
    );
  }
  return (
    <dl className={styles.list}>
      {FAQ.map((entry) => (
        <div key={entry.question} className={styles.entry}>
          <dt className={styles.question}>{entry.question}</dt>
          <dd className={styles.answer}>{entry.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
