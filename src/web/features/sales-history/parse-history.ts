import Papa from 'papaparse';
import { detectDelimiter } from '../../../core/csv-import/delimiter';
import { utcDayOf } from '../../../core/forecast/days';
import { partJson } from '../../../core/sales-history/history-columns';
import {
  type HistoryReport,
  historyAccumulator,
  NOT_A_HISTORY_FILE_MESSAGE,
  type ParsedHistory,
  recognizeHistoryReport,
} from '../../../core/sales-history/reports';

export type HistoryParseMessage =
  | { type: 'progress'; fraction: number }
  /** A request's worth of a sales file's rows as its body's JSON, to be sent while the rest is read. */
  | { type: 'part'; json: string }
  | { type: 'done'; parsed: ParsedHistory }
  | { type: 'error'; message: string };

const HEAD_BYTES = 64 * 1024;

/** The history report a file's header line names, or null (then it is an inventory file). */
export async function sniffHistoryReport(file: File): Promise<HistoryReport | null> {
  const head = await file.slice(0, HEAD_BYTES).text();
  const delimiter = detectDelimiter(head) ?? ',';
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  const headers = Papa.parse<string[]>(firstLine, { delimiter }).data[0] ?? [];
  return recognizeHistoryReport(headers);
}

/**
 * Streams a history file through the core accumulator, chunk by chunk, so that a million lines
 * never sit in memory as row objects; reports progress as the share of bytes read, and hands out a
 * sales file's rows a request's worth at a time as they are read, so that they upload meanwhile.
 */
export async function parseHistoryFile(file: File, onMessage: (message: HistoryParseMessage) => void) {
  const head = await file.slice(0, HEAD_BYTES).text();
  const delimiter = detectDelimiter(head) ?? ',';
  const today = utcDayOf(Date.now());
  let accumulator: ReturnType<typeof historyAccumulator> | null = null;
  let headers: string[] | null = null;
  let failed = false;
  // Rows as arrays of cells, the header line resolved once: no object per row.
  Papa.parse<string[]>(file, {
    header: false,
    skipEmptyLines: true,
    delimiter,
    chunkSize: 1024 * 1024,
    chunk: (results, parser) => {
      let first = 0;
      if (!headers) {
        headers = results.data[0] ?? [];
        first = 1;
        const report = recognizeHistoryReport(headers);
        if (!report) {
          failed = true;
          onMessage({ type: 'error', message: NOT_A_HISTORY_FILE_MESSAGE });
          parser.abort();
          return;
        }
        accumulator = historyAccumulator(report, today);
      }
      const rows = results.data;
      for (let i = first; i < rows.length; i++) {
        const problem = accumulator!.addCells(headers, rows[i]!);
        if (problem) {
          failed = true;
          onMessage({ type: 'error', message: problem.message });
          parser.abort();
          return;
        }
      }
      for (let part = accumulator!.takePart(); part; part = accumulator!.takePart()) {
        // The body is made here, off the page's thread: the page only sends it.
        onMessage({ type: 'part', json: partJson('sales', part) });
      }
      onMessage({ type: 'progress', fraction: Math.min(1, results.meta.cursor / Math.max(file.size, 1)) });
    },
    complete: () => {
      if (failed) return;
      if (!accumulator) {
        onMessage({ type: 'error', message: NOT_A_HISTORY_FILE_MESSAGE });
        return;
      }
      const parsed = accumulator.finish();
      if ('ok' in parsed) onMessage({ type: 'error', message: parsed.message });
      else onMessage({ type: 'done', parsed });
    },
    error: () => onMessage({ type: 'error', message: 'The file could not be read' }),
  });
}
