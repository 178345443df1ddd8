import Papa from 'papaparse';
import type { CsvRow } from '../../../core/csv-import/mapping';
import type { SheetRows } from '../../../core/csv-import/reports';

export type ParsedCsv = SheetRows;

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * The header line's names as PapaParse's header mode names them: a name seen before gets `_1`,
 * `_2`… (the first suffix no other column uses), so every column keeps its own key. Each name
 * remembers the suffix after the last one it took: every suffix below it is taken, so the names
 * are the header mode's, and a header of many repeats costs linear time, not quadratic.
 */
export function uniqueHeaders(cells: readonly string[]): string[] {
  const used = new Set(cells);
  const nextSuffix = new Map<string, number>();
  return cells.map((cell) => {
    const header = stripBom(cell);
    let suffix = nextSuffix.get(header);
    if (suffix === undefined) {
      nextSuffix.set(header, 1);
      used.add(header);
      return header;
    }
    let renamed = `${header}_${suffix}`;
    while (used.has(renamed)) renamed = `${header}_${++suffix}`;
    used.add(renamed);
    nextSuffix.set(header, suffix + 1);
    return renamed;
  });
}

const PROTO = '__proto__';
const OWN_VALUE = { enumerable: true, writable: true, configurable: true } as const;

// V8 keeps an object of more properties than this in fast mode (its descriptor limit is 1,020).
const MAX_COPIED_NAMES = 1000;

const isEmptyRecord = (cells: readonly string[]) => cells.every((cell) => cell === '');

/**
 * SPEC 2: headers from the first line, empty lines skipped; nameless columns cannot be mapped.
 * Each row keeps its spreadsheet row number (the header is row 1; empty lines count, as a
 * spreadsheet shows them, and a quoted value spanning lines stays one row).
 *
 * PapaParse reads the lines as arrays and the rows are built here: its header mode spends most
 * of a big file's parse on per-cell calls that this use does not need (about half the time at
 * 100,000 rows). A cell beyond the last header has no name, so no row keeps it; a line shorter
 * than the header leaves its last columns out (undefined), as the header mode does.
 *
 * A full line's row starts as a copy of one with every name and is then filled in: adding the
 * names one by one to each new row (a new property each time, by a name known only at run time)
 * cost two to three times as much, most of the rows' building at 100,000 rows. Past about a
 * thousand names V8 keeps such an object as a hash table, whose copy costs more than adding the
 * names (2,000 columns: 2.6 s against 1.9 s), so a wider file's rows are built name by name.
 */
export function parseCsvText(text: string, delimiter: string): ParsedCsv {
  const records = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter }).data;
  const names = uniqueHeaders(records[0] ?? []);
  const headers = names.filter((header) => header.trim() !== '');
  const protoColumn = names.indexOf(PROTO);
  const everyName: Record<string, string | undefined> = {};
  for (const name of names) Object.defineProperty(everyName, name, { ...OWN_VALUE, value: undefined });
  const rows: CsvRow[] = [];
  const lines: number[] = [];
  for (let index = 1; index < records.length; index += 1) {
    const cells = records[index]!;
    if (isEmptyRecord(cells)) continue;
    const isFull = names.length <= MAX_COPIED_NAMES && cells.length >= names.length;
    const row: Record<string, string | undefined> = isFull ? { ...everyName } : {};
    const count = Math.min(cells.length, names.length);
    for (let column = 0; column < count; column += 1) {
      // Assigning `__proto__` to a row without it would set the row's prototype and lose the
      // value: define it instead.
      if (column === protoColumn && !isFull)
        Object.defineProperty(row, PROTO, { ...OWN_VALUE, value: cells[column] });
      else row[names[column]!] = cells[column]!;
    }
    rows.push(row as CsvRow);
    lines.push(index + 1);
  }
  return { headers, rows, lines };
}
