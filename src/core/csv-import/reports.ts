import { type CsvRow, emptyMapping, type Mapping } from './mapping';
import {
  type ComputedSpec,
  type Header,
  isComputed,
  type Language,
  REPORT_PROFILES,
  type ReportKind,
  type ReportProfile,
  spellings,
} from './report-profiles';
import type { TargetKey } from './targets';
import { isBlank, parseInteger } from './values';

// Marketplace report files recognised by the headers they carry, so that a seller who uploads one
// gets a ready mapping. Headers are matched by name, never by position: the marketplace adds,
// drops and reorders columns between report versions, so a report is still recognised by the
// columns it has, and the ones it lacks are named.

/** A computed column with its sources in the file's own spelling. */
export interface ComputedColumn {
  name: string;
  sumOf: readonly string[];
  onlyWhen?: { column: string; values: readonly string[] };
}

export interface RecognizedReport {
  profile: { id: string; name: string; kind: ReportKind };
  /** Target → the file's header, or the name of one of computedColumns. */
  mapping: Mapping;
  computedColumns: ComputedColumn[];
  /** The rows come per SKU and condition; sum `column` over rows whose `whenColumn` matches. */
  perSku: { skuColumn: string; column: string; whenColumn: string | null; values: readonly string[] } | null;
  rowFilter: { column: string; keep: readonly string[]; label: string } | null;
  /** The report's headers this file lacks (English names); the fields they fill stay as they are. */
  missing: string[];
  /** The language of the file's headers. */
  language: Language;
  /** The marketplace country and currency the report names in its own columns, if any. */
  country: string | null;
  currency: string | null;
}

/** 'Merchant SKU', 'merchant-sku', 'MERCHANT_SKU' and 'Merchant Sku' are one header. */
export function normalizeHeader(header: string): string {
  // A byte-order mark often sticks to the first header of a file saved by a spreadsheet.
  return header
    .replace(/^\uFEFF/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]/g, '');
}

type Present = Map<string, string>;

/** The file's own spelling of each header, by normalised name; the first wins on a clash. */
function headersByNormalizedName(headers: readonly string[]): Present {
  const found: Present = new Map();
  for (const header of headers) {
    const key = normalizeHeader(header);
    if (!found.has(key)) found.set(key, header);
  }
  return found;
}

/** The file's header for a report header, in whichever language the file uses. */
function find(header: Header, present: Present): { column: string; language: Language } | null {
  for (const { text, language } of spellings(header)) {
    const column = present.get(normalizeHeader(text));
    if (column !== undefined) return { column, language };
  }
  return null;
}

/** Every report header the profile knows, each once. */
function knownHeaders(profile: ReportProfile): Header[] {
  const all: Header[] = [profile.sku];
  for (const spec of Object.values(profile.columns)) {
    if (spec === undefined) continue;
    if (isComputed(spec)) all.push(...spec.sumOf);
    else all.push(spec);
  }
  all.push(...profile.otherHeaders, ...(profile.requires ?? []));
  const seen = new Set<string>();
  return all.filter((header) => !seen.has(header.en) && seen.add(header.en));
}

// The SKU column plus two others: enough to be sure without demanding every column.
const MIN_OTHER_HEADERS = 2;

function matchScore(profile: ReportProfile, present: Present): number | null {
  if (!find(profile.sku, present)) return null;
  if ((profile.requires ?? []).some((header) => !find(header, present))) return null;
  if ((profile.excludes ?? []).some((header) => find(header, present))) return null;
  const known = knownHeaders(profile);
  const found = known.filter((header) => find(header, present)).length;
  if (found - 1 < MIN_OTHER_HEADERS) return null;
  // The most headers in common decides; on a tie, the report whose headers the file covers best.
  return found + found / known.length;
}

/** The language most of the file's recognised headers are written in. */
function languageOf(profile: ReportProfile, present: Present): Language {
  const counts = new Map<Language, number>();
  for (const header of knownHeaders(profile)) {
    const match = find(header, present);
    // English spellings shared by every language ('asin') say nothing.
    if (match && match.language !== 'en') counts.set(match.language, (counts.get(match.language) ?? 0) + 1);
  }
  let best: Language = 'en';
  for (const [language, count] of counts) if (count > (counts.get(best) ?? 0)) best = language;
  return best;
}

function resolveComputed(
  spec: ComputedSpec,
  present: Present,
): { column: ComputedColumn | null; missing: string[] } {
  const sources = spec.sumOf.map((header) => ({ header, match: find(header, present) }));
  const missing = sources.filter((source) => !source.match).map((source) => source.header.en);
  const sumOf = sources.flatMap((source) => (source.match ? [source.match.column] : []));
  if (sumOf.length === 0) return { column: null, missing };
  const condition = spec.onlyWhen ? find(spec.onlyWhen.header, present) : null;
  const column: ComputedColumn = { name: spec.computed, sumOf };
  // Without the condition's column every row counts, as in files that predate it.
  if (spec.onlyWhen && condition)
    column.onlyWhen = { column: condition.column, values: spec.onlyWhen.values };
  return { column, missing };
}

/** The first non-blank value of a column, for the report's country or currency. */
function firstValue(rows: readonly CsvRow[], header: Header | undefined, present: Present): string | null {
  const match = header ? find(header, present) : null;
  if (!match) return null;
  for (const row of rows.slice(0, 1000)) {
    const value = row[match.column];
    if (!isBlank(value)) return String(value).trim().toUpperCase();
  }
  return null;
}

function buildRecognition(
  profile: ReportProfile,
  present: Present,
  rows: readonly CsvRow[],
): RecognizedReport {
  const mapping = emptyMapping();
  const computedColumns: ComputedColumn[] = [];
  const missing: string[] = [];
  for (const [target, spec] of Object.entries(profile.columns) as [TargetKey, Header | ComputedSpec][]) {
    if (isComputed(spec)) {
      const resolved = resolveComputed(spec, present);
      missing.push(...resolved.missing);
      if (resolved.column) {
        computedColumns.push(resolved.column);
        mapping[target] = resolved.column.name;
      }
      continue;
    }
    const match = find(spec, present);
    if (match) mapping[target] = match.column;
    else missing.push(spec.en);
  }
  const skuColumn = find(profile.sku, present)?.column ?? '';
  const perSkuSum = profile.perSku ? find(profile.perSku.sum, present) : null;
  const perSkuWhen = profile.perSku ? find(profile.perSku.when.header, present) : null;
  const filterColumn = profile.rowFilter ? find(profile.rowFilter.header, present) : null;
  return {
    profile: { id: profile.id, name: profile.name, kind: profile.kind },
    mapping,
    computedColumns,
    perSku:
      profile.perSku && perSkuSum
        ? {
            skuColumn,
            column: perSkuSum.column,
            whenColumn: perSkuWhen?.column ?? null,
            values: profile.perSku.when.values,
          }
        : null,
    rowFilter:
      profile.rowFilter && filterColumn
        ? { column: filterColumn.column, keep: profile.rowFilter.keep, label: profile.rowFilter.label }
        : null,
    missing: [...new Set(missing)],
    language: languageOf(profile, present),
    country: firstValue(rows, profile.country, present),
    currency: firstValue(rows, profile.currency, present),
  };
}

/**
 * The marketplace report these headers come from, with a mapping in the file's own header
 * spelling, or null for any other file. The mapping may name computed columns: apply
 * shapeReportRows to the rows and headers before using it.
 */
export function recognizeReport(
  headers: readonly string[],
  rows: readonly CsvRow[] = [],
  profiles: readonly ReportProfile[] = REPORT_PROFILES,
): RecognizedReport | null {
  const present = headersByNormalizedName(headers);
  let best: { profile: ReportProfile; score: number } | null = null;
  for (const profile of profiles) {
    const score = matchScore(profile, present);
    if (score !== null && (best === null || score > best.score)) best = { profile, score };
  }
  return best ? buildRecognition(best.profile, present, rows) : null;
}

/** A CSV file as parsed: rows in file order with each row's spreadsheet row number. */
export interface SheetRows {
  headers: string[];
  rows: CsvRow[];
  /** The spreadsheet's number of each row (the header is row 1). */
  lines: number[];
}

const sameWord = (a: unknown, values: readonly string[]) =>
  typeof a === 'string' && values.some((value) => value.toLowerCase() === a.trim().toLowerCase());

/**
 * The sum of the sources present in the row, as an integer string. Blank cells count as 0; the
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

/** One row per SKU: the first row's cells, with the column summed over the matching rows. */
function collapsePerSku(sheet: SheetRows, perSku: NonNullable<RecognizedReport['perSku']>): SheetRows {
  const groups = new Map<
    string,
    { row: Record<string, string | undefined>; line: number; sum: number; bad: boolean }
  >();
  for (const [index, row] of sheet.rows.entries()) {
    const sku = row[perSku.skuColumn];
    if (isBlank(sku)) continue;
    const key = String(sku).trim();
    let group = groups.get(key);
    if (!group) {
      group = { row: { ...row }, line: sheet.lines[index]!, sum: 0, bad: false };
      groups.set(key, group);
    }
    const counts = perSku.whenColumn === null || sameWord(row[perSku.whenColumn], perSku.values);
    if (!counts) continue;
    const raw = row[perSku.column];
    if (isBlank(raw)) continue;
    const value = parseInteger(raw);
    if (value === null) group.bad = true;
    else group.sum += value;
  }
  const rows: CsvRow[] = [];
  const lines: number[] = [];
  for (const group of groups.values()) {
    group.row[perSku.column] = group.bad ? '' : String(group.sum);
    rows.push(group.row);
    lines.push(group.line);
  }
  return { headers: sheet.headers, rows, lines };
}

function withComputedColumns(sheet: SheetRows, columns: readonly ComputedColumn[]): SheetRows {
  const added = columns.filter((column) => !sheet.headers.includes(column.name));
  if (added.length === 0) return sheet;
  return {
    headers: [...sheet.headers, ...added.map((column) => column.name)],
    lines: sheet.lines,
    rows: sheet.rows.map((row) => {
      const next: Record<string, string | undefined> = { ...row };
      for (const column of added) {
        const counts = !column.onlyWhen || sameWord(row[column.onlyWhen.column], column.onlyWhen.values);
        next[column.name] = counts ? sumCell(row, column.sumOf) : '';
      }
      return next;
    }),
  };
}

/**
 * The report's rows shaped for mapping: one row per SKU where the report has one per condition,
 * inactive rows left out when `skipFiltered` (and the report offers it), and the computed columns
 * appended. Each row keeps the spreadsheet row number it came from.
 */
export function shapeReportRows(
  sheet: SheetRows,
  report: Pick<RecognizedReport, 'computedColumns' | 'perSku' | 'rowFilter'>,
  options: { skipFiltered?: boolean } = {},
): SheetRows {
  let shaped = sheet;
  if (report.perSku) shaped = collapsePerSku(shaped, report.perSku);
  const filter = report.rowFilter;
  if (filter && options.skipFiltered) {
    const rows: CsvRow[] = [];
    const lines: number[] = [];
    shaped.rows.forEach((row, index) => {
      if (!sameWord(row[filter.column], filter.keep)) return;
      rows.push(row);
      lines.push(shaped.lines[index]!);
    });
    shaped = { headers: shaped.headers, rows, lines };
  }
  return withComputedColumns(shaped, report.computedColumns);
}
