import type { WorkerResponse } from './parse-csv.worker';
import { type ReadRequest, type ReadResult, readCsv } from './read-csv';

/** Files above this size are read in a worker so the page stays responsive (DESIGN 2). */
export const WORKER_THRESHOLD_BYTES = 1024 * 1024;

function readInWorker(request: ReadRequest): Promise<ReadResult> {
  // A module worker from our own origin: the CSP allows it, unlike PapaParse's blob: worker.
  const worker = new Worker(new URL('./parse-csv.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ReadResult>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(event.data.message));
    };
    worker.onerror = () => reject(new Error('The file could not be read'));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/**
 * Reads a chosen file: the encoding and the delimiter are detected from its bytes, so Windows-1252
 * and Shift_JIS reports, tab-separated .txt files and semicolon CSVs work as well as UTF-8 CSV.
 */
export async function parseCsvFile(file: File, request: Omit<ReadRequest, 'file'> = {}): Promise<ReadResult> {
  if (file.size > WORKER_THRESHOLD_BYTES && typeof Worker !== 'undefined') {
    return readInWorker({ file, ...request });
  }
  return readCsv({ file, ...request });
}
