import type { StockSummary } from './summary';

/** GET /api/dashboard: the stock figures of the restock rows, open orders, and data freshness. */
export type Dashboard = StockSummary & {
  /** The day the rows' run-out and reorder-by dates count from (YYYY-MM-DD, UTC). */
  today: string;
  openOrders: { count: number; units: number; value: number; unpricedLines: number };
  lastImportAt: string | null;
  lastHistoryAt: string | null;
  /** The last marketplace sync that finished every step. */
  lastSyncAt: string | null;
};
