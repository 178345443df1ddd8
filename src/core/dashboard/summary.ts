import type { RestockRow } from '../restock/engine';
import { currencyOf } from '../restock/marketplace';
import { type Urgency, urgencyOf, urgencyRank } from '../restock/urgency';

/** The fields of a restock row the dashboard reads: the same rows as GET /api/tables/restock/data. */
export type DashboardRow = Pick<
  RestockRow,
  | 'msku'
  | 'title'
  | 'asin'
  | 'currency'
  | 'marketplace'
  | 'total_quantity'
  | 'hdos'
  | 'daily_rate'
  | 'recommended_buy_quantity'
  | 'total_spend'
  | 'stockout_date'
  | 'reorder_by'
>;

/** The dashboard's fields of a restock row, alone: a million products' rows are kept this small. */
export const dashboardRowOf = (row: DashboardRow): DashboardRow => ({
  msku: row.msku,
  title: row.title,
  asin: row.asin,
  currency: row.currency,
  marketplace: row.marketplace,
  total_quantity: row.total_quantity,
  hdos: row.hdos,
  daily_rate: row.daily_rate,
  recommended_buy_quantity: row.recommended_buy_quantity,
  total_spend: row.total_spend,
  stockout_date: row.stockout_date,
  reorder_by: row.reorder_by,
});

export type Amount = { currency: string; amount: number };

export type UrgentProduct = {
  msku: string;
  title: string | null;
  urgency: Urgency;
  stockout_date: string | null;
  reorder_by: string | null;
  recommended_buy_quantity: number;
};

/** One bar of the days-of-cover chart: products whose Days of Stock is in [from, to). */
export type CoverBucket = { label: string; from: number | null; to: number | null; count: number };

export type StockSummary = {
  productCount: number;
  /** Products with To Buy above 0, and what they cost per currency (products without a cost left out). */
  reorder: { count: number; spend: Amount[]; unpriced: number };
  runsOutBeforeArrival: number;
  outOfStock: number;
  cover: CoverBucket[];
  mostUrgent: UrgentProduct[];
};

export const MOST_URGENT_COUNT = 10;

/** Days of Stock ranges of the chart; the last bar holds products without sales (no Days of Stock). */
export const COVER_BUCKETS: ReadonlyArray<Omit<CoverBucket, 'count'>> = [
  { label: 'Under 7 days', from: 0, to: 7 },
  { label: '7–13', from: 7, to: 14 },
  { label: '14–29', from: 14, to: 30 },
  { label: '30–59', from: 30, to: 60 },
  { label: '60–89', from: 60, to: 90 },
  { label: '90 or more', from: 90, to: null },
  { label: 'No sales', from: null, to: null },
];

// Sums in cents: adding 0.1 + 0.2 in floats would show 0.30000000000000004.
const addCents = (sum: number, amount: number) => sum + Math.round(amount * 100);

function coverBucketIndex(hdos: number | null): number {
  if (hdos === null) return COVER_BUCKETS.length - 1;
  const index = COVER_BUCKETS.findIndex(
    (bucket) => bucket.from !== null && hdos >= bucket.from && (bucket.to === null || hdos < bucket.to),
  );
  // Days of Stock is never negative; a negative one would be a stock-out.
  return index < 0 ? 0 : index;
}

/** Earlier ISO dates first, none last. */
const compareDates = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

/**
 * The dashboard's stock figures from the restock rows, with the restock table's urgency. `today`
 * is the day the rows' dates were computed from (YYYY-MM-DD).
 */
export function summarizeStock(rows: readonly DashboardRow[], today: string): StockSummary {
  let reorderCount = 0;
  let unpriced = 0;
  let runsOutBeforeArrival = 0;
  let outOfStock = 0;
  const spendCents = new Map<string, number>();
  const cover = new Array<number>(COVER_BUCKETS.length).fill(0);
  const candidates: Array<UrgentProduct & { rank: number }> = [];

  for (const row of rows) {
    const urgency = urgencyOf(row, today);
    if (urgency === 'out_of_stock') outOfStock++;
    else if (urgency === 'before_lead_time') runsOutBeforeArrival++;
    if (row.recommended_buy_quantity > 0) {
      reorderCount++;
      if (row.total_spend === null) unpriced++;
      else {
        const currency = currencyOf(row);
        spendCents.set(currency, addCents(spendCents.get(currency) ?? 0, row.total_spend));
      }
    }
    cover[coverBucketIndex(row.hdos)]!++;
    if (urgency !== 'fine' || row.recommended_buy_quantity > 0) {
      candidates.push({
        msku: row.msku,
        title: row.title,
        urgency,
        stockout_date: row.stockout_date,
        reorder_by: row.reorder_by,
        recommended_buy_quantity: row.recommended_buy_quantity,
        rank: urgencyRank(urgency),
      });
    }
  }

  // Most urgent: out of stock, then running out first (earliest reorder-by), then the largest order.
  candidates.sort(
    (a, b) =>
      a.rank - b.rank ||
      compareDates(a.reorder_by, b.reorder_by) ||
      b.recommended_buy_quantity - a.recommended_buy_quantity ||
      (a.msku < b.msku ? -1 : a.msku > b.msku ? 1 : 0),
  );

  return {
    productCount: rows.length,
    reorder: {
      count: reorderCount,
      spend: [...spendCents]
        .map(([currency, cents]) => ({ currency, amount: cents / 100 }))
        .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
      unpriced,
    },
    runsOutBeforeArrival,
    outOfStock,
    cover: COVER_BUCKETS.map((bucket, i) => ({ ...bucket, count: cover[i]! })),
    mostUrgent: candidates.slice(0, MOST_URGENT_COUNT).map(({ rank: _rank, ...product }) => product),
  };
}
