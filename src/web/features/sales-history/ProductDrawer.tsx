import { lazy, Suspense, useRef } from 'react';
import { createPortal } from 'react-dom';
import { formatCell } from '../../../core/restock/formatters';
import { useDismiss } from '../../ui/use-dismiss';
import type { GridRow } from '../restock/api';
import { useProductHistory } from './api';
import styles from './ProductDrawer.module.css';

// The chart's code (uPlot) loads with the first drawer opened, beside its history: in the restock
// page's own code it was about a third of it, parsed on every load of the table.
const HistoryChart = lazy(async () => ({ default: (await import('./HistoryChart')).HistoryChart }));

const FIGURES: Array<{ key: keyof GridRow; label: string; format: 'number' | 'percent' | 'text' }> = [
  { key: 'daily_rate', label: 'Daily rate', format: 'number' },
  { key: 'stockout_date', label: 'Runs out on', format: 'text' },
  { key: 'reorder_by', label: 'Reorder by', format: 'text' },
  { key: 'recommended_buy_quantity', label: 'To buy', format: 'number' },
  { key: 'trend', label: 'Trend', format: 'percent' },
  { key: 'seasonality_suggestion', label: 'Suggested seasonality', format: 'number' },
  { key: 'forecast_accuracy', label: 'Forecast accuracy', format: 'percent' },
];

/** A product's daily history, forecast and the figures the restock table plans with. */
export function ProductDrawer({ row, onClose }: { row: GridRow; onClose: () => void }) {
  const history = useProductHistory(row.msku);
  const panel = useRef<HTMLElement>(null);

  // Escape or a click beside the drawer closes it, as the popovers do.
  useDismiss(panel, onClose);

  const data = history.data;
  // In a portal: grid rows are positioned boxes that would clip a fixed panel.
  return createPortal(
    <div className={styles.backdrop}>
      <aside
        ref={panel}
        tabIndex={-1}
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-labelledby="product-drawer-title"
      >
        <header className={styles.header}>
          <h2 id="product-drawer-title" className={styles.title}>
            {row.title ?? row.msku}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <p className={styles.muted}>
          {row.msku}
          {row.asin ? ` · ${row.asin}` : ''} ·{' '}
          {row.rate_source === 'history'
            ? 'daily rate forecast from sales history'
            : 'no daily history: the daily rate comes from Sales (30 Days)'}
        </p>
        <dl className={styles.figures}>
          {FIGURES.map((figure) => (
            <div key={figure.key} className={styles.figure}>
              <dt>{figure.label}</dt>
              <dd>{formatCell(figure.format, row[figure.key])}</dd>
            </div>
          ))}
        </dl>
        {history.isPending ? <p className={styles.muted}>Loading history…</p> : null}
        {history.isError ? <p role="alert">The history could not be loaded. Please try again.</p> : null}
        {data && data.lastDay === null ? (
          <p className={styles.muted}>
            No daily sales yet. Import an All Orders report, an Inventory Ledger report or a sku,date,units
            file with Import CSV to forecast from history.
          </p>
        ) : null}
        {data && data.lastDay !== null ? (
          <>
            <h3 className={styles.subtitle}>Last 180 days and the next 60</h3>
            <Suspense fallback={<div className={styles.chart} />}>
              <HistoryChart history={data} />
            </Suspense>
            {data.forecast ? (
              <>
                <h3 className={styles.subtitle}>How the forecast was made</h3>
                <ForecastSteps steps={data.forecast.steps} />
              </>
            ) : null}
          </>
        ) : null}
      </aside>
    </div>,
    document.body,
  );
}

const stepNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** The forecast's "why this number" lines (also shown in the To Buy popover). */
export function ForecastSteps({
  steps,
}: {
  steps: ReadonlyArray<{ key: string; label: string; value: number | null; detail: string }>;
}) {
  return (
    <dl className={styles.steps}>
      {steps.map((step) => (
        <div key={`${step.key}-${step.label}`} className={styles.step}>
          <dt>{step.label}</dt>
          <dd className={styles.number}>{step.value === null ? '-' : stepNumber.format(step.value)}</dd>
          <dd className={styles.stepDetail}>{step.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
