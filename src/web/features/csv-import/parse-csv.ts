import { detectDelimiter } from '../../../core/csv-import/reports';
import { type ParsedCsv, parseCsvText } from './parse-csv-text';

export type ParseRequest = { file: File; delimiter: string };
export type ParseResponse = { ok: true; csv: ParsedCsv } | { ok: false; message: string };

/** Files above this size are parsed in a worker so the page stays responsive (DESIGN 2). */
export const WORKER_THRESHOLD_BYTES = 1024 * 1024;
const HEAD_BYTES = 64 * 1024;

function parseInWorker(request: ParseRequest): Promise<ParsedCsv> {
  // A module worker from our own origin: the CSP allows it, unlike PapaParse's blob: worker.
  const worker = new Worker(new URL('./parse-csv.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ParsedCsv>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ParseResponse>) => {
      if (event.data.ok) resolve(event.data.csv);
      else reject(new Error(event.data.message));
    };
    worker.onerror = () => reject(new Error('The file could not be read'));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/**
 * Parses a chosen file. Tab-separated marketplace reports are detected from the header line, so
 * .txt and .tsv files work as well as .csv.
 */
export async function parseCsvFile(file: File): Promise<ParsedCsv> {
  const delimiter = detectDelimiter(await file.slice(0, HEAD_BYTES).text());
  if (file.size > WORKER_THRESHOLD_BYTES && typeof Worker !== 'undefined') {
    return parseInWorker({ file, delimiter });
  }
  return parseCsvText(await file.text(), delimiter);
}
