import { EarlyAccessForm } from '../features/early-access/EarlyAccessForm';
import { Benefits } from './Benefits';
import { BUILT_BY_SELLERS, LEAD, PRODUCT_NAME, TAGLINE } from './content';
import { Faq } from './Faq';
import { LandingFrame, landingStyles as l } from './LandingFrame';
import styles from './PageSeven.module.css';
import { SimpleFormExample } from './SimpleFormExample';

// Illustrative rows for the preview card: what a restock recommendation looks like.
const PREVIEW_ROWS = [
  { msku: 'MUG-BLU-12', velocity: '3.2/day', toBuy: 148, spend: '$1,036' },
  { msku: 'TEA-SET-04', velocity: '1.1/day', toBuy: 42, spend: '$798' },
  { msku: 'CUP-LID-50', velocity: '6.8/day', toBuy: 310, spend: '$465' },
  { msku: 'KETTLE-GR', velocity: '0.4/day', toBuy: 0, spend: '—' },
];

function RestockPreview() {
  return (
    <figure className={styles.preview} aria-label="Example restock recommendations">
      <div className={styles.previewBar} aria-hidden="true">
        <span />
        <span />
        <span />
        <strong>Restock · next order</strong>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">MSKU</th>
            <th scope="col">Velocity</th>
            <th scope="col">To Buy</th>
            <th scope="col">Spend</th>
          </tr>
        </thead>
        <tbody>
          {PREVIEW_ROWS.map((row) => (
            <tr key={row.msku}>
              <td>{row.msku}</td>
              <td>{row.velocity}</td>
              <td>
                <span className={row.toBuy > 0 ? styles.buy : styles.hold}>{row.toBuy}</span>
              </td>
              <td>{row.spend}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Page 7 (/7): product-first hero with a restock preview, plus the old 'Simple Form Example'. */
export function PageSeven() {
  return (
    <LandingFrame className={styles.theme}>
      <section className={styles.hero}>
        <div className={`${l.container} ${styles.heroGrid}`}>
          <div>
            <p className={styles.launch}>
              <span className={styles.launchDot} aria-hidden="true" />
              Public launch · June 2025 · beta invites rolling out
            </p>
            <h1 className={styles.brand}>
              <img src="/favicon.svg" alt="" width={44} height={44} />
              {PRODUCT_NAME}
            </h1>
            <p className={styles.tagline}>{TAGLINE}</p>
            <p className={styles.lead}>{LEAD}</p>
            <a className={styles.cta} href="#early-access">
              Request an invite →
            </a>
          </div>
          <RestockPreview />
        </div>
      </section>

      <section className={l.section} aria-labelledby="benefits-7">
        <div className={l.container}>
          <h2 id="benefits-7" className={l.sectionTitle}>
            Built for the weekly buy
          </h2>
          <p className={l.sectionLead}>From sales history to a purchase order in one pass.</p>
          <Benefits look="line" />
        </div>
      </section>

      <section className={styles.join} id="early-access" aria-labelledby="join-7">
        <div className={`${l.container} ${styles.joinGrid}`}>
          <div className={`${l.glass} ${styles.formCard}`}>
            <h2 id="join-7" className={styles.formTitle}>
              Request your beta invite
            </h2>
            <p className={styles.formLead}>Invites go out ahead of the June 2025 launch.</p>
            <EarlyAccessForm variant="7" layout="grid" submitLabel="Request my invite" />
          </div>
          <aside className={styles.sellers} aria-labelledby="sellers-7">
            <p className={styles.quoteMark} aria-hidden="true">
              “
            </p>
            <h2 id="sellers-7" className={styles.sellersTitle}>
              {BUILT_BY_SELLERS.title}
            </h2>
            <p className={styles.sellersText}>{BUILT_BY_SELLERS.text}</p>
          </aside>
        </div>
      </section>

      <section className={l.section} aria-labelledby="faq-7">
        <div className={l.container}>
          <h2 id="faq-7" className={l.sectionTitle}>
            FAQ
          </h2>
          <div className={styles.faq}>
            <Faq look="list" />
          </div>
        </div>
      </section>

      <section className={styles.demo}>
        <div className={l.container}>
          <SimpleFormExample />
        </div>
      </section>
    </LandingFrame>
  );
}
