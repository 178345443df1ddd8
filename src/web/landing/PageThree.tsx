import { EarlyAccessForm } from '../features/early-access/EarlyAccessForm';
import { Benefits } from './Benefits';
import { BUILT_BY_SELLERS, LEAD, PRODUCT_NAME, TAGLINE } from './content';
import { Faq } from './Faq';
import { LandingFrame, landingStyles as l } from './LandingFrame';
import styles from './PageThree.module.css';

/** Page 3 (/3): editorial, date-first layout; the one variant whose beta opens in April 2025. */
export function PageThree() {
  return (
    <LandingFrame className={styles.theme}>
      <section className={styles.hero}>
        <div className={l.container}>
          <h1 className={styles.brand}>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            {PRODUCT_NAME}
          </h1>
          <p className={styles.kicker}>The beta opens</p>
          <p className={styles.date}>April 2025</p>
          <p className={styles.tagline}>
            {TAGLINE}
            <span className={styles.dot}>.</span>
          </p>
          <p className={styles.lead}>{LEAD}</p>
        </div>
      </section>

      <section className={styles.band} id="early-access" aria-labelledby="join-3">
        <div className={`${l.container} ${styles.bandGrid}`}>
          <div>
            <p className={l.eyebrow}>Early access</p>
            <h2 id="join-3" className={styles.bandTitle}>
              Claim your seat before April
            </h2>
            <p className={styles.bandText}>
              Beta seats open in April 2025. Tell us about your store and we will invite you as soon as they
              do.
            </p>
          </div>
          <div className={`${l.glass} ${styles.formCard}`}>
            <EarlyAccessForm variant="3" layout="grid" submitLabel="Reserve my beta seat" />
          </div>
        </div>
      </section>

      <section className={l.section} aria-labelledby="benefits-3">
        <div className={l.container}>
          <p className={l.eyebrow}>What changes</p>
          <h2 id="benefits-3" className={l.sectionTitle}>
            Four reasons you will not go back
          </h2>
          <p className={l.sectionLead}>Every number you need for the next purchase order, in one table.</p>
          <Benefits look="numbered" />
        </div>
      </section>

      <section className={styles.sellers} aria-labelledby="sellers-3">
        <div className={`${l.container} ${styles.sellersGrid}`}>
          <p className={styles.figure} aria-hidden="true">
            7<span>-figure</span>
          </p>
          <div>
            <h2 id="sellers-3" className={l.sectionTitle}>
              {BUILT_BY_SELLERS.title}
            </h2>
            <p className={styles.sellersText}>{BUILT_BY_SELLERS.text}</p>
          </div>
        </div>
      </section>

      <section className={l.section} aria-labelledby="faq-3">
        <div className={`${l.container} ${styles.faq}`}>
          <h2 id="faq-3" className={l.sectionTitle}>
            Questions, answered
          </h2>
          <Faq look="accordion" />
        </div>
      </section>
    </LandingFrame>
  );
}
