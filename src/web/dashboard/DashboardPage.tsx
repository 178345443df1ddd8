import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '../../core/dashboard/api';
import type { Amount } from '../../core/dashboard/summary';
import { formatCurrency, formatNumber } from '../../core/restock/formatters';
import { URGENCY_LABELS } from '../../core/restock/urgency';
import { useCan } from '../features/access/use-can';
import { useSession } from '../lib/session';
import { Button } from '../ui/Button';
import { useDashboard } from './api';
import { CoverChart } from './CoverChart';
import styles from './DashboardPage.module.css';

/** Where a product's row opens: the restock table filtered to it. */
export const restockRowLink = (msku: string) => `/restock?msku=${encodeURIComponent(msku)}`;

const IMPORT_PATH = '/settings/temp-csv-import';

const spendText = (spend: readonly Amount[]) =>
  spend.length === 0 ? formatCurrency(0) : spend.map((s) => formatCurrency(s.amount, s.currency)).join(' + ');

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Card({
  title,
  children,
  className = '',
  testId,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  testId: string;
}) {
  return (
    <article className={`${styles.card} ${className}`} data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </article>
  );
}

const Figure = ({ value, testId }: { value: string; testId: string }) => (
  <p className={styles.figure} data-testid={testId}>
    {value}
  </p>
);

/** Links are shown only to users who may open the page behind them. */
function useLinks() {
  return {
    restock: useCan('restock.view'),
    buyList: useCan('buy-list.view'),
    canImport: useCan('restock.import'),
    calculations: useCan('calculations.view'),
    marketplace: useCan('marketplace.view'),
  };
}

function Freshness({ data }: { data: Dashboard }) {
  if (!data.lastImportAt && !data.lastHistoryAt && !data.lastSyncAt)
    return <p>Nothing imported or synced yet.</p>;
  return (
    <dl className={styles.freshness}>
      {data.lastImportAt ? (
        <div>
          <dt>Products imported</dt>
          <dd data-testid="last-import">{dateTime(data.lastImportAt)}</dd>
        </div>
      ) : null}
      {data.lastHistoryAt ? (
        <div>
          <dt>Sales history imported</dt>
          <dd>{dateTime(data.lastHistoryAt)}</dd>
        </div>
      ) : null}
      {data.lastSyncAt ? (
        <div>
          <dt>Marketplace synced</dt>
          <dd>{dateTime(data.lastSyncAt)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const links = useLinks();
  const { reorder, openOrders } = data;
  return (
    <>
      <Card title="Reorder now" testId="card-reorder">
        <Figure value={formatNumber(reorder.count)} testId="reorder-count" />
        <p>
          products to buy, costing <strong data-testid="reorder-spend">{spendText(reorder.spend)}</strong>
          {reorder.unpriced > 0 ? ` (${formatNumber(reorder.unpriced)} without a cost)` : ''}
        </p>
        {links.restock ? <Link to="/restock">Open the restock table</Link> : null}
      </Card>
      <Card title="Runs out before a new order arrives" testId="card-before-lead-time">
        <Figure value={formatNumber(data.runsOutBeforeArrival)} testId="before-lead-time-count" />
        <p>products whose stock ends sooner than the order, prep and AMZ lead times.</p>
      </Card>
      <Card title="Out of stock today" testId="card-out-of-stock">
        <Figure value={formatNumber(data.outOfStock)} testId="out-of-stock-count" />
        <p>products with no units in FBA, inbound or local stock.</p>
      </Card>
      <Card title="Open purchase orders" testId="card-orders">
        <Figure value={formatNumber(openOrders.count)} testId="orders-count" />
        <p>
          drafts and placed orders worth{' '}
          <strong data-testid="orders-value">{formatCurrency(openOrders.value)}</strong>
          {openOrders.unpricedLines > 0
            ? ` (${formatNumber(openOrders.unpricedLines)} lines without a cost)`
            : ''}
        </p>
        {links.buyList ? <Link to="/buy-list">Open the buy list</Link> : null}
      </Card>
      <Card title="Days of stock across the catalogue" className={styles.wide} testId="card-cover">
        <CoverChart buckets={data.cover} />
      </Card>
      <Card title="Most urgent" className={styles.tall} testId="card-urgent">
        {data.mostUrgent.length === 0 ? (
          <p>Nothing to reorder: every product is covered.</p>
        ) : (
          <ol className={styles.urgent}>
            {data.mostUrgent.map((product) => (
              <li key={product.msku} data-urgency={product.urgency} data-msku={product.msku}>
                {links.restock ? (
                  <Link to={restockRowLink(product.msku)}>{product.title ?? product.msku}</Link>
                ) : (
                  <span>{product.title ?? product.msku}</span>
                )}
                <span className={styles.urgentMeta}>
                  {URGENCY_LABELS[product.urgency]}
                  {product.stockout_date ? ` · runs out ${product.stockout_date}` : ''} · buy{' '}
                  {formatNumber(product.recommended_buy_quantity)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title="Data last updated" className={styles.wide} testId="card-freshness">
        <Freshness data={data} />
      </Card>
    </>
  );
}

/** An account without products: what to do first, in order. */
function FirstSteps({ data }: { data: Dashboard }) {
  const links = useLinks();
  return (
    <>
      <Card title="1. Import your products" testId="card-first-import">
        <p>
          Import a CSV file or a marketplace report (Restock Inventory, Manage Inventory or All Listings) to
          see what to buy, how many and what it costs.
        </p>
        {links.canImport ? <Link to={IMPORT_PATH}>Import CSV</Link> : <p>Ask the account owner to import.</p>}
      </Card>
      <Card title="2. Connect your marketplace" testId="card-first-connect">
        <p>
          Connect your Amazon seller account to sync stock, prices, sales and fees every day, without a file.
        </p>
        {links.marketplace ? <Link to="/settings/marketplace">Connect in Settings → Marketplace</Link> : null}
      </Card>
      <Card title="3. Add sales history" testId="card-first-history">
        <p>
          Import the All Orders report for a daily forecast; without it Replen plans with Sales (30 Days).
        </p>
      </Card>
      <Card title="4. Check your lead times" testId="card-first-lead-times">
        <p>Set the default order, prep and AMZ lead times used where a product has none.</p>
        {links.calculations ? <Link to="/settings/calculations">Open Calculations</Link> : null}
      </Card>
      <Card title="Days of stock across the catalogue" className={styles.wide} testId="card-cover">
        <p>A chart of how long your stock lasts appears after your first import.</p>
      </Card>
      <Card title="Most urgent" className={styles.tall} testId="card-urgent">
        <p>The ten products to reorder first appear here after your first import.</p>
      </Card>
      <Card title="Data last updated" className={styles.wide} testId="card-freshness">
        <Freshness data={data} />
      </Card>
    </>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const dashboard = useDashboard();
  const links = useLinks();
  return (
    <section className={styles.grid} aria-label="Dashboard">
      <div className={styles.banner}>
        <h1>Welcome back{user ? `, ${user.full_name.split(' ')[0]}` : ''}</h1>
        {links.restock ? <Link to="/restock">Open the restock table →</Link> : null}
      </div>
      {dashboard.isPending ? <p className={styles.status}>Loading...</p> : null}
      {dashboard.isError ? (
        <div className={styles.status} role="alert">
          <p>Error loading data: {dashboard.error.message}</p>
          <Button variant="secondary" onClick={() => void dashboard.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {dashboard.data ? (
        dashboard.data.productCount === 0 ? (
          <FirstSteps data={dashboard.data} />
        ) : (
          <Figures data={dashboard.data} />
        )
      ) : null}
    </section>
  );
}
