// Which character separates the columns: marketplace reports use tabs, US spreadsheets commas,
// and European Excel saves "CSV" with semicolons (the comma being their decimal separator).

export const DELIMITERS = [',', '\t', ';', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export const DELIMITER_LABELS: Record<Delimiter, string> = {
  ',': 'comma',
  '\t': 'tab',
  ';': 'semicolon',
  '|': 'vertical bar',
};

export const ONE_COLUMN_MESSAGE =
  'This file has only one column: its columns must be separated by commas, tabs or semicolons. Save it as CSV or tab-separated text and choose it again.';

const SAMPLE_LINES = 20;

/** How many fields a line splits into at the delimiter, quoted fields counting as one. */
function fieldCount(line: string, delimiter: string): number {
  let count = 1;
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/**
 * The delimiter of a file from its first lines: the candidate that splits the header into the
 * most columns while splitting the data lines the same way. Null when none splits the header,
 * i.e. the file reads as one column.
 */
export function detectDelimiter(head: string): Delimiter | null {
  const lines = head
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, SAMPLE_LINES);
  // The last line of a sample may be cut short.
  const complete = lines.length > 2 ? lines.slice(0, -1) : lines;
  const [header, ...data] = complete;
  if (header === undefined) return null;
  let best: { delimiter: Delimiter; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const columns = fieldCount(header, delimiter);
    if (columns < 2) continue;
    // Data lines with the header's count agree; fewer is common (trailing empty cells dropped).
    const agreeing = data.filter((line) => fieldCount(line, delimiter) === columns).length;
    const consistency = data.length === 0 ? 1 : (agreeing + 1) / (data.length + 1);
    const score = consistency * columns;
    if (best === null || score > best.score) best = { delimiter, score };
  }
  return best?.delimiter ?? null;
}
