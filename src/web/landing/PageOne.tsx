import { EarlyAccessForm } from '../features/early-access/EarlyAccessForm';
import { Benefits } from './Benefits';
import { BUILT_BY_SELLERS, LEAD, PRODUCT_NAME, TAGLINE } from './content';
import { Faq } from './Faq';
import { LandingFrame, landingStyles as l } from './LandingFrame';
import styles from './PageOne.module.css';

/** Page 1 (/): split hero with the form in a glass card beside the pitch; launch in June 2025. */
export function PageOne() {
  return (
    <LandingFrame className={styles.theme}>
      <section className={styles.hero}>
        <div className={`${l.container} ${styles.heroGrid}`}>
          <div className={styles.pitch}>
            <h1 className={styles.brand}>
              <img src="/favicon.svg" alt="" width={52} height={52} />
              {PRODUCT_NAME}
            </h1>
            <p className={l.pill}>
              <span className={l.pulse} aria-hidden="true" />
              Launching June 2025
            </p>
            <p className={styles.tagline}>
              <span className={l.gradientText}>{TAGLINE}</span>
            </p>
            <p className={styles.lead}>{LEAD}</p>
            <ul className={styles.perks}>
              <li>Free beta</li>
              <li>Core features first</li>
              <li>A direct line to the team</li>
            </ul>
          </div>
          <div className={`${l.glass} ${styles.formCard}`} id="early-access">
            <h2 className={styles.formTitle}>Get early access</h2>
            <p className={styles.formLead}>Join the free beta before the June 2025 launch.</p>
            <EarlyAccessForm variant="1" />
          </div>
        </div>
      </section>

      <section className={l.section} aria-labelledby="benefits-1">
        <div className={l.container}>
          <p className={l.eyebrow}>Why sellers join</p>
          <h2 id="benefits-1" className={l.sectionTitle}>
            Restocking, without the spreadsheet marathon
          </h2>
          <p className={l.sectionLead}>Four things Replen does for you from day one.</p>
          <Benefits look="glass" />
        </div>
      </section>

      <section className={styles.sellers} aria-labelledby="sellers-1">
        <div className={`${l.container} ${styles.sellersInner}`}>
          <h2 id="sellers-1" className={styles.sellersTitle}>
            <span className={l.gradientText}>{BUILT_BY_SELLERS.title}</span>
          </h2>
          <p className={styles.sellersText}>{BUILT_BY_SELLERS.text}</p>
        </div>
      </section>

      <section className={l.section} aria-labelledby="faq-1">
        <div className={`${l.container} ${styles.faqGrid}`}>
          <div>
            <p className={l.eyebrow}>FAQ</p>
            <h2 id="faq-1" className={l.sectionTitle}>
              About the beta
            </h2>
          </div>
          <Faq look="list" />
        </div>
      </section>
    </LandingFrame>
  );
}
