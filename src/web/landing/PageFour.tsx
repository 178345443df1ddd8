import { EarlyAccessForm } from '../features/early-access/EarlyAccessForm';
import { Benefits } from './Benefits';
import { BUILT_BY_SELLERS, LEAD, PRODUCT_NAME, TAGLINE } from './content';
import { Faq } from './Faq';
import { LandingFrame, landingStyles as l } from './LandingFrame';
import styles from './PageFour.module.css';

/** Page 4 (/4): a centred spotlight hero, benefits first, then FAQ beside the signup card. */
export function PageFour() {
  return (
    <LandingFrame className={styles.theme}>
      <section className={styles.hero}>
        <div className={`${l.container} ${styles.heroInner}`}>
          <div className={styles.halo}>
            <img src="/favicon.svg" alt="" width={76} height={76} />
          </div>
          <h1 className={styles.name}>{PRODUCT_NAME}</h1>
          <p className={styles.tagline}>
            <span className={l.gradientText}>{TAGLINE}</span>
          </p>
          <p className={styles.lead}>{LEAD}</p>
          <p className={styles.launch}>
            <span className={styles.launchLabel}>Coming</span> June 2025 — reserve your spot in the free beta
          </p>
          <a className={styles.cta} href="#early-access">
            Join the beta
            <span aria-hidden="true">↓</span>
          </a>
        </div>
      </section>

      <section className={styles.benefits} aria-labelledby="benefits-4">
        <div className={l.container}>
          <h2 id="benefits-4" className={`${l.sectionTitle} ${styles.center}`}>
            Everything a restock needs
          </h2>
          <p className={`${l.sectionLead} ${styles.center}`}>Less guessing, more selling.</p>
          <Benefits look="tile" />
        </div>
      </section>

      <section className={styles.sellers} aria-labelledby="sellers-4">
        <div className={`${l.container} ${styles.sellersInner}`}>
          <h2 id="sellers-4" className={styles.sellersTitle}>
            {BUILT_BY_SELLERS.title}
          </h2>
          <p className={styles.sellersText}>{BUILT_BY_SELLERS.text}</p>
        </div>
      </section>

      <section className={l.section} aria-labelledby="faq-4">
        <div className={`${l.container} ${styles.split}`}>
          <div>
            <p className={l.eyebrow}>Good to know</p>
            <h2 id="faq-4" className={l.sectionTitle}>
              Frequently asked questions
            </h2>
            <Faq look="list" />
          </div>
          <div className={`${l.glass} ${styles.formCard}`} id="early-access">
            <h2 className={styles.formTitle}>Reserve your spot</h2>
            <p className={styles.formLead}>Doors open in June 2025. Beta members get in first.</p>
            <EarlyAccessForm variant="4" submitLabel="Reserve my spot" />
          </div>
        </div>
      </section>
    </LandingFrame>
  );
}
