import { Link } from 'react-router';
import { useSession } from '../lib/session';
import styles from './DashboardPage.module.css';

const CARDS = [
  { title: 'Restock', text: 'Review what to buy again, how many, and what it will cost.', to: '/restock' },
  { title: 'Buy List', text: 'Products flagged for the next order, grouped by supplier.', to: '/buy-list' },
  {
    title: 'Import',
    text: 'Load inventory and sales from a CSV or a marketplace report.',
    to: '/settings/temp-csv-import',
  },
  {
    title: 'Calculations',
    text: 'Default lead times and days of inventory for the formulas.',
    to: '/settings/calculations',
  },
  { title: 'Lead Tracker', text: 'Track sourcing leads. Coming soon.', to: '/lead-tracker' },
  { title: 'Repository', text: 'Documents and supplier files. Coming soon.', to: '/repository' },
  { title: 'Help', text: 'Questions or feedback for the team.', to: '/contact-us' },
];

export function DashboardPage() {
  const { user } = useSession();
  return (
    <section className={styles.grid} aria-label="Dashboard">
      <div className={styles.banner}>
        <h1>Welcome back{user ? `, ${user.full_name.split(' ')[0]}` : ''}</h1>
        <Link to="/restock">Open the restock table →</Link>
      </div>
      {CARDS.map((card) => (
        <article key={card.title} className={styles.card}>
          <h2>{card.title}</h2>
          <p>{card.text}</p>
          <Link to={card.to}>Open {card.title}</Link>
        </article>
      ))}
    </section>
  );
}
