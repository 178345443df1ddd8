import { type CsvRow, emptyMapping, type Mapping } from './mapping';
import type { TargetKey } from './targets';
import { isBlank, parseInteger } from './values';

// Marketplace report files recognised by their headers, so that a seller who uploads one gets a
// ready mapping. Headers are matched by name, never by position: the marketplace adds, drops and
// reorders columns between report versions.

/** A column added before mapping whose value is the sum of other columns (integers). */
export interface ComputedColumn {
  name: string;
  sumOf: readonly string[];
}

export type ReportId = 'restock-inventory' | 'fba-manage-inventory' | 'all-listings';

export interface ReportProfile {
  id: ReportId;
  name: string;
  skuHeader: string;
  /** Target → report header, or the name of one of computedColumns. */
  columns: Readonly<Partial<Record<TargetKey, string>>>;
  computedColumns: readonly ComputedColumn[];
  /** Headers that are not imported but help tell the reports apart. */
  otherHeaders: readonly string[];
}

export interface RecognizedReport {
  profile: { id: ReportId; name: string };
  mapping: Mapping;
  computedColumns: ComputedColumn[];
}

const FBA_QUANTITY_COLUMN: ComputedColumn = {
  name: 'FBA Quantity (fulfillable + reserved)',
  sumOf: ['afn-fulfillable-quantity', 'afn-reserved-quantity'],
};
const INBOUND_QUANTITY_COLUMN: ComputedColumn = {
  name: 'Inbound Quantity (working + shipped + receiving)',
  sumOf: ['afn-inbound-working-quantity', 'afn-inbound-shipped-quantity', 'afn-inbound-receiving-quantity'],
};

export const REPORT_PROFILES: readonly ReportProfile[] = [
  {
    id: 'restock-inventory',
    name: 'Restock Inventory report',
    skuHeader: 'Merchant SKU',
    columns: {
      msku: 'Merchant SKU',
      asin: 'ASIN',
      title: 'Product Name',
      your_price: 'Price',
      // 'Units Sold Last 30 Days', not 'Sales last 30 days', which is an amount of money.
      sales_last_30_days: 'Units Sold Last 30 Days',
      fba_quantity: 'Available',
      inbound_quantity: 'Inbound',
      supplier: 'Supplier',
    },
    computedColumns: [],
    otherHeaders: [
      'FNSKU',
      'Condition',
      'Total Units',
      'Days of Supply at Amazon Fulfillment Network',
      'Recommended replenishment qty',
      'Recommended ship date',
    ],
  },
  {
    id: 'fba-manage-inventory',
    name: 'FBA Manage Inventory report',
    skuHeader: 'sku',
    columns: {
      msku: 'sku',
      asin: 'asin',
      title: 'product-name',
      your_price: 'your-price',
      // DESIGN 5: fba_quantity is available plus reserved; inbound is working, shipped and receiving.
      fba_quantity: FBA_QUANTITY_COLUMN.name,
      inbound_quantity: INBOUND_QUANTITY_COLUMN.name,
    },
    computedColumns: [FBA_QUANTITY_COLUMN, INBOUND_QUANTITY_COLUMN],
    otherHeaders: [
      'fnsku',
      'condition',
      'afn-listing-exists',
      'afn-warehouse-quantity',
      'afn-total-quantity',
    ],
  },
  {
    id: 'all-listings',
    name: 'All Listings report',
    skuHeader: 'seller-sku',
    columns: {
      msku: 'seller-sku',
      asin: 'asin1',
      title: 'item-name',
      your_price: 'price',
      main_thumbnail: 'image-url',
    },
    computedColumns: [],
    otherHeaders: ['listing-id', 'item-description', 'open-date', 'fulfillment-channel', 'status'],
  },
];

/** 'Merchant SKU', 'merchant-sku' and 'MERCHANT_SKU' are one header. */
export function normalizeHeader(header: string): string {
  // A byte-order mark often sticks to the first header of a file saved by a spreadsheet.
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');
}

/** The file's own spelling of each header, by normalised name; the first wins on a clash. */
function headersByNormalizedName(headers: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (!found.has(key)) found.set(key, header);
  }
  return found;
}

/** The report headers a profile imports from: its plain columns and the sources of its sums. */
function requiredHeaders(profile: ReportProfile): string[] {
  const computedNames = new Set(profile.computedColumns.map((column) => column.name));
  const plain = Object.values(profile.columns).filter((header) => !computedNames.has(header));
  return [...plain, ...profile.computedColumns.flatMap((column) => column.sumOf)];
}

function countPresent(names: readonly string[], present: Map<string, string>): number {
  return names.filter((name) => present.has(normalizeHeader(name))).length;
}

// The sku column plus two others: enough to be sure without demanding every column.
const MIN_OTHER_KEY_HEADERS = 2;

function matchScore(profile: ReportProfile, present: Map<string, string>): number | null {
  if (!present.has(normalizeHeader(profile.skuHeader))) return null;
  const required = requiredHeaders(profile);
  const requiredPresent = countPresent(required, present);
  if (requiredPresent - 1 < MIN_OTHER_KEY_HEADERS) return null;
  // Required headers decide; the other known headers only break ties.
  return requiredPresent * 1000 + countPresent(profile.otherHeaders, present);
}

function usableComputedColumns(profile: ReportProfile, present: Map<string, string>): ComputedColumn[] {
  return profile.computedColumns.filter((column) => countPresent(column.sumOf, present) > 0);
}

function profileMapping(profile: ReportProfile, present: Map<string, string>, computed: ComputedColumn[]) {
  const mapping = emptyMapping();
  const computedNames = new Set(computed.map((column) => column.name));
  for (const [target, header] of Object.entries(profile.columns) as [TargetKey, string][]) {
    mapping[target] = computedNames.has(header) ? header : (present.get(normalizeHeader(header)) ?? null);
  }
  return mapping;
}

/**
 * The marketplace report these headers come from, with a mapping in the file's own header
 * spelling, or null for any other file. The mapping may name computed columns: apply
 * addComputedColumns to the rows and headers before using it.
 */
export function recognizeReport(headers: readonly string[]): RecognizedReport | null {
  const present = headersByNormalizedName(headers);
  let best: { profile: ReportProfile; score: number } | null = null;
  for (const profile of REPORT_PROFILES) {
    const score = matchScore(profile, present);
    if (score !== null && (best === null || score > best.score)) best = { profile, score };
  }
  if (!best) return null;
  const { profile } = best;
  const computedColumns = usableComputedColumns(profile, present);
  return {
    profile: { id: profile.id, name: profile.name },
    mapping: profileMapping(profile, present, computedColumns),
    computedColumns,
  };
}

/**
 * The sum of the sources present in the file, as an integer string. Blank cells count as 0; the
 * answer is blank when every source is blank, or when one holds something other than a whole
 * number, since a sum that skipped it would be wrong.
 */
function sumCell(row: CsvRow, sources: readonly string[]): string {
  let total = 0;
  let filled = 0;
  for (const source of sources) {
    const raw = row[source];
    if (isBlank(raw)) continue;
    const value = parseInteger(raw);
    if (value === null) return '';
    total += value;
    filled += 1;
  }
  return filled === 0 ? '' : String(total);
}

/**
 * Appends each computed column (SPEC 4 maps one column to one target, so a sum of report columns
 * becomes a column of its own). Columns whose sources are all missing, or whose name the file
 * already uses, are not added.
 */
export function addComputedColumns(
  rows: readonly CsvRow[],
  headers: readonly string[],
  report: { computedColumns: readonly ComputedColumn[] },
): { rows: CsvRow[]; headers: string[] } {
  const present = headersByNormalizedName(headers);
  const added = report.computedColumns
    .filter((column) => !headers.includes(column.name))
    .map((column) => ({
      name: column.name,
      sources: column.sumOf.flatMap((name) => present.get(normalizeHeader(name)) ?? []),
    }))
    .filter((column) => column.sources.length > 0);
  if (added.length === 0) return { rows: [...rows], headers: [...headers] };
  return {
    headers: [...headers, ...added.map((column) => column.name)],
    rows: rows.map((row) => {
      const next: Record<string, string | undefined> = { ...row };
      for (const column of added) next[column.name] = sumCell(row, column.sources);
      return next;
    }),
  };
}

/** Marketplace reports are often tab-separated; a header line with more tabs than commas is. */
export function detectDelimiter(firstLine: string): '\t' | ',' {
  const line = firstLine.split(/\r?\n/, 1)[0] ?? '';
  const tabs = line.split('\t').length - 1;
  const commas = line.split(',').length - 1;
  return tabs > commas ? '\t' : ',';
}
