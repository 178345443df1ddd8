import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { Sheet } from '../../core/buy-list/exports';
import { createSemaphore } from '../http/semaphore';
import { buildXlsx } from './xlsx-build';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Building a 200,000-line workbook takes seconds of CPU (it held the event loop 11 s): it runs in
// a worker thread, at most two at once on the whole server (the machines have two cores).
const withXlsxPermit = createSemaphore(2);

// Run from source (tsx, tests) the worker is TypeScript: it registers tsx's loader in its own
// thread first (loaders do not carry over into workers). Compiled, it is plain JavaScript.
const isSource = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(isSource ? './xlsx-worker.ts' : './xlsx-worker.js', import.meta.url);
const SOURCE_BOOT = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;

const ROWS_PER_MESSAGE = 5000;

async function buildInWorker(sheet: Sheet): Promise<Buffer> {
  const worker = isSource ? new Worker(SOURCE_BOOT, { eval: true }) : new Worker(WORKER_URL);
  const built = new Promise<Buffer>((resolve, reject) => {
    worker.once('message', (bytes: Uint8Array) =>
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The spreadsheet worker stopped with code ${code}`)));
  });
  // Handled below; until then an early failure must not count as an unhandled rejection.
  built.catch(() => {});
  try {
    worker.postMessage({ name: sheet.name, widths: sheet.widths });
    for (let start = 0; start < sheet.rows.length; start += ROWS_PER_MESSAGE) {
      worker.postMessage({ rows: sheet.rows.slice(start, start + ROWS_PER_MESSAGE) });
      await nextTurn();
    }
    worker.postMessage({ done: true });
    return await built;
  } finally {
    void worker.terminate();
  }
}

/** Below this many rows a workbook takes a few ms, less than starting a worker. */
const IN_PROCESS_ROWS = 2000;

/** A sheet of core/buy-list/exports.ts as an .xlsx file; a large one is built off the event loop. */
export const sheetToXlsx = (sheet: Sheet): Promise<Buffer> =>
  sheet.rows.length < IN_PROCESS_ROWS ? buildXlsx(sheet) : withXlsxPermit(() => buildInWorker(sheet));
