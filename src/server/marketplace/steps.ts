import type pg from 'pg';
import { utcDayOf } from '../../core/forecast/days';
import { CATALOG_BATCH, type CatalogItem, catalogEntries } from '../../core/marketplace/catalog';
import { FEES_BATCH, type FeesEstimateResult, feeRows, sellerIdOf } from '../../core/marketplace/fees';
import { type InventorySummary, inventoryRows } from '../../core/marketplace/inventory';
import { listingRows, splitTabbed } from '../../core/marketplace/listings';
import type { Marketplace } from '../../core/marketplace/marketplaces';
import { restockReportRows } from '../../core/marketplace/restock-report';
import type { SyncStepName } from '../../core/marketplace/sync';
import { normalizeMsku } from '../../core/restock/msku';
import { columnRows } from '../../core/sales-history/history-columns';
import { HISTORY_REPORTS, historyAccumulator } from '../../core/sales-history/reports';
import { inAccountTransaction } from '../csv-import/account-lock';
import type { Db } from '../db/pool';
import { pool, writeHistory } from '../sales-history/queries';
import { fetchReport, type PollOptions } from './reports';
import { type SpApiClient, SpApiError } from './sp-api-client';

// The sync's steps as plain functions: each reads from Amazon first, then writes all its rows in
// one transaction under the account's import lock, so a CSV import and a sync never interleave
// and a step that stops half-way leaves nothing behind.

export type StepContext = {
  db: Db;
  accountId: string;
  client: SpApiClient;
  marketplace: Marketplace;
  poll: PollOptions;
  now: () => number;
};

export type StepResult = { rows: number; created: number };

/** Pages of inventory summaries read at most (Amazon answers 50 a page: 50,000 SKUs). */
const MAX_INVENTORY_PAGES = 1000;
/** How far back the daily units reach on every sync: re-reading a day replaces it. */
const SALES_DAYS = 30;

/** A product row as the steps write it: a null keeps what is stored. */
type ProductValues = {
  msku: string;
  asin?: string | null;
  title?: string | null;
  fba_quantity?: number | null;
  inbound_quantity?: number | null;
  your_price?: number | null;
  main_thumbnail?: string | null;
  referral_fee?: number | null;
  fba_fee?: number | null;
  sales_last_30_days?: number | null;
};

const COLUMN_TYPES: Readonly<Record<Exclude<keyof ProductValues, 'msku'>, string>> = {
  asin: 'text',
  title: 'text',
  fba_quantity: 'integer',
  inbound_quantity: 'integer',
  your_price: 'numeric',
  main_thumbnail: 'text',
  referral_fee: 'numeric',
  fba_fee: 'numeric',
  sales_last_30_days: 'integer',
};

/**
 * Creates the products the account does not have yet and updates the others where a value
 * changed, bumping their version (the grid's If-Match) as any edit does. Answers the rows changed
 * and created.
 */
async function writeProducts(
  client: pg.PoolClient,
  accountId: string,
  market: Marketplace,
  columns: readonly (keyof typeof COLUMN_TYPES)[],
  rows: readonly ProductValues[],
  options: { create: boolean } = { create: true },
): Promise<StepResult> {
  if (rows.length === 0) return { rows: 0, created: 0 };
  const record = ['msku text', ...columns.map((column) => `${column} ${COLUMN_TYPES[column]}`)].join(', ');
  const input = `jsonb_to_recordset($2::jsonb) AS i(${record})`;
  const inserted = options.create
    ? await client.query(
        `INSERT INTO products (account_id, msku, ${columns.map((column) => `${column}, `).join('')}marketplace, currency)
     SELECT $1, i.msku, ${columns.map((column) => `i.${column}, `).join('')}$3, $4 FROM ${input}
     ON CONFLICT (account_id, msku) DO NOTHING`,
        [accountId, JSON.stringify(rows), market.countryCode, market.currency],
      )
    : null;
  const created = inserted?.rowCount ?? 0;
  if (columns.length === 0) return { rows: created, created };
  const merged = columns.map((column) => `COALESCE(i.${column}, p.${column})`);
  const updated = await client.query(
    `UPDATE products p SET ${columns.map((column, at) => `${column} = ${merged[at]}`).join(', ')},
       version = p.version + 1, updated_at = now()
     FROM ${input}
     WHERE p.account_id = $1 AND p.msku = i.msku
       AND (${columns.map((column, at) => `p.${column} IS DISTINCT FROM ${merged[at]}`).join(' OR ')})`,
    [accountId, JSON.stringify(rows)],
  );
  return { rows: created + (updated.rowCount ?? 0), created };
}

const inStep = <T>(context: StepContext, work: (client: pg.PoolClient) => Promise<T>) =>
  inAccountTransaction(context.db, context.accountId, 'READ COMMITTED', async (client) => ({
    commit: true,
    value: await work(client),
  }));

/** FBA Inventory summaries: fulfillable and inbound stock of every SKU, page by page. */
export async function syncInventory(context: StepContext): Promise<StepResult> {
  const summaries: InventorySummary[] = [];
  const marketplaceId = context.marketplace.id;
  let nextToken: string | undefined;
  for (let page = 0; page < MAX_INVENTORY_PAGES; page++) {
    const answer = await context.client.get<{
      payload?: { inventorySummaries?: InventorySummary[] };
      pagination?: { nextToken?: string };
    }>('/fba/inventory/v1/summaries', {
      details: 'true',
      granularityType: 'Marketplace',
      granularityId: marketplaceId,
      marketplaceIds: marketplaceId,
      nextToken,
    });
    const pageSummaries = answer.payload?.inventorySummaries;
    if (!Array.isArray(pageSummaries)) {
      throw new SpApiError(
        'bad-answer',
        'Amazon answered the inventory request without inventory summaries.',
      );
    }
    summaries.push(...pageSummaries);
    nextToken = answer.pagination?.nextToken || undefined;
    if (!nextToken) break;
  }
  const rows = inventoryRows(summaries).map((row) => ({
    msku: row.msku,
    asin: row.asin,
    fba_quantity: row.fbaQuantity,
    inbound_quantity: row.inboundQuantity,
  }));
  return inStep(context, (client) =>
    writeProducts(
      client,
      context.accountId,
      context.marketplace,
      ['asin', 'fba_quantity', 'inbound_quantity'],
      rows,
    ),
  );
}

/** The All Listings report: titles, ASINs and the seller's own prices. */
export async function syncListings(context: StepContext): Promise<StepResult> {
  const document = await fetchReport(
    context.client,
    { reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA', marketplaceId: context.marketplace.id },
    context.poll,
  );
  const parsed = listingRows(document);
  if (!parsed.ok) throw new SpApiError('bad-answer', parsed.message);
  const rows = parsed.rows.map((row) => ({
    msku: row.msku,
    asin: row.asin,
    title: row.title,
    your_price: row.price,
  }));
  return inStep(context, (client) =>
    writeProducts(client, context.accountId, context.marketplace, ['asin', 'title', 'your_price'], rows),
  );
}

/**
 * The Restock Inventory report: Amazon's count of units sold in the last 30 days per FBA SKU (the
 * Sales (30 Days) the plan falls back on where a product has no daily history).
 */
export async function syncRestock(context: StepContext): Promise<StepResult> {
  const document = await fetchReport(
    context.client,
    { reportType: 'GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT', marketplaceId: context.marketplace.id },
    context.poll,
  );
  const parsed = restockReportRows(document);
  if (!parsed.ok) throw new SpApiError('bad-answer', parsed.message);
  const rows = parsed.rows.map((row) => ({
    msku: row.msku,
    asin: row.asin,
    sales_last_30_days: row.unitsSold30Days,
  }));
  return inStep(context, (client) =>
    writeProducts(client, context.accountId, context.marketplace, ['asin', 'sales_last_30_days'], rows),
  );
}

/**
 * Catalog Items: the main image of every product that has none yet, and a title where the
 * listing gave none, 20 ASINs a call. Products that have both are not asked again.
 */
export async function syncCatalog(context: StepContext): Promise<StepResult> {
  const wanted = await pool(context.db).query<{ msku: string; asin: string; has_title: boolean }>(
    `SELECT msku, asin, title IS NOT NULL AS has_title FROM products
     WHERE account_id = $1 AND asin IS NOT NULL AND (main_thumbnail IS NULL OR title IS NULL)
     ORDER BY asin`,
    [context.accountId],
  );
  const asins = [...new Set(wanted.rows.map((row) => row.asin))];
  const found = new Map<string, { title: string | null; image: string | null }>();
  for (let start = 0; start < asins.length; start += CATALOG_BATCH) {
    const answer = await context.client.get<{ items?: CatalogItem[] }>('/catalog/2022-04-01/items', {
      identifiers: asins.slice(start, start + CATALOG_BATCH).join(','),
      identifiersType: 'ASIN',
      marketplaceIds: context.marketplace.id,
      includedData: 'summaries,images',
      pageSize: String(CATALOG_BATCH),
    });
    if (!Array.isArray(answer.items)) {
      throw new SpApiError('bad-answer', 'Amazon answered the catalog request without items.');
    }
    for (const entry of catalogEntries(answer.items, context.marketplace.id)) found.set(entry.asin, entry);
  }
  const rows = wanted.rows.flatMap((row) => {
    const entry = found.get(row.asin);
    if (!entry) return [];
    // The listing's own title wins over the catalog's: only a missing title is filled.
    return [{ msku: row.msku, main_thumbnail: entry.image, title: row.has_title ? null : entry.title }];
  });
  return inStep(context, async (client) => {
    // Catalog data never creates a product: one deleted since the read stays deleted.
    return writeProducts(client, context.accountId, context.marketplace, ['title', 'main_thumbnail'], rows, {
      create: false,
    });
  });
}

/**
 * Product Fees: referral and FBA fees of every listed product at its current price, 20 a call.
 * Amazon's answers name the seller, which fills the account's seller id where it is not set.
 */
export async function syncFees(context: StepContext): Promise<StepResult> {
  const priced = await pool(context.db).query<{ msku: string; price: number }>(
    `SELECT msku, COALESCE(your_price, buy_box_price) AS price FROM products
     WHERE account_id = $1 AND COALESCE(your_price, buy_box_price) > 0 ORDER BY msku`,
    [context.accountId],
  );
  const results: FeesEstimateResult[] = [];
  for (let start = 0; start < priced.rows.length; start += FEES_BATCH) {
    const batch = priced.rows.slice(start, start + FEES_BATCH);
    const answer = await context.client.post<FeesEstimateResult[]>(
      '/products/fees/v0/feesEstimate',
      batch.map((row, at) => ({
        FeesEstimateRequest: {
          MarketplaceId: context.marketplace.id,
          IsAmazonFulfilled: true,
          PriceToEstimateFees: {
            ListingPrice: { CurrencyCode: context.marketplace.currency, Amount: row.price },
          },
          Identifier: `replen-${start + at}`,
        },
        IdType: 'SellerSKU',
        IdValue: row.msku,
      })),
    );
    if (!Array.isArray(answer))
      throw new SpApiError('bad-answer', 'Amazon answered the fees request without estimates.');
    results.push(...answer);
  }
  const rows = feeRows(results).map((row) => ({
    msku: row.msku,
    referral_fee: row.referralFee,
    fba_fee: row.fbaFee,
  }));
  const sellerId = sellerIdOf(results);
  return inStep(context, async (client) => {
    // Settings → Account shows the seller id; it is set once, by the first answer that names it.
    if (sellerId) {
      await client.query(
        'UPDATE accounts SET marketplace_seller_id = $2 WHERE id = $1 AND marketplace_seller_id IS NULL',
        [context.accountId, sellerId],
      );
    }
    return writeProducts(client, context.accountId, context.marketplace, ['referral_fee', 'fba_fee'], rows, {
      create: false,
    });
  });
}

/**
 * Units per product and day from the All Orders report of the last 30 days, written through the
 * same ingest as an uploaded history file (forecasts recomputed in the same transaction). SKUs the
 * account does not have yet become products first, so no sold day is left out.
 */
export async function syncSales(context: StepContext): Promise<StepResult> {
  const now = context.now();
  const document = await fetchReport(
    context.client,
    {
      reportType: 'GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL',
      marketplaceId: context.marketplace.id,
      dataStartTime: new Date(now - SALES_DAYS * 86_400_000).toISOString(),
    },
    context.poll,
  );
  const { headers, lines } = splitTabbed(document);
  const accumulator = historyAccumulator(HISTORY_REPORTS['all-orders'], utcDayOf(now));
  if (!['purchase-date', 'sku', 'quantity'].every((name) => headers.includes(name))) {
    throw new SpApiError(
      'bad-answer',
      'The All Orders report Amazon sent lacks the columns purchase-date, sku or quantity; nothing was written.',
    );
  }
  for (const cells of lines) {
    const row = Object.fromEntries(headers.map((header, at) => [header, cells[at]]));
    const problem = accumulator.add(row);
    if (problem)
      throw new SpApiError('bad-answer', `The All Orders report: ${problem.message}; nothing was written.`);
  }
  const parsed = accumulator.finish();
  if ('ok' in parsed) {
    // A period without orders is no error: there is nothing to write.
    if (lines.length === 0) return { rows: 0, created: 0 };
    throw new SpApiError('bad-answer', `The All Orders report: ${parsed.message}; nothing was written.`);
  }
  // The same MSKU rule as every other way in; a SKU that cannot be one is left out.
  const rows = columnRows(parsed.columns).flatMap((row) => {
    const checked = normalizeMsku(row.msku);
    return checked.ok && checked.msku && checked.msku.length <= 100 ? [{ ...row, msku: checked.msku }] : [];
  });
  const mskus = [...new Set(rows.map((row) => row.msku))];
  return inStep(context, async (client) => {
    const created = await writeProducts(
      client,
      context.accountId,
      context.marketplace,
      [],
      mskus.map((msku) => ({ msku })),
    );
    // Rows: the product-days written (unknown SKUs were created above, so none is left out).
    await writeHistory(client, context.accountId, 'sales', rows, null);
    return { rows: rows.length, created: created.created };
  });
}

export const STEP_FUNCTIONS: Readonly<Record<SyncStepName, (context: StepContext) => Promise<StepResult>>> = {
  inventory: syncInventory,
  listings: syncListings,
  restock: syncRestock,
  catalog: syncCatalog,
  fees: syncFees,
  sales: syncSales,
};
