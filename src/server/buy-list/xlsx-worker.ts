import { parentPort } from 'node:worker_threads';
import type { Sheet, SheetRow } from '../../core/buy-list/exports';
import { buildXlsx } from './xlsx-build';

type Message = { name: string; widths: number[] } | { rows: SheetRow[] } | { done: true };

// The sheet arrives in batches of rows (one large message would take seconds to copy on the
// server's thread); the file is built here, off the server's event loop.
const sheet: Sheet = { name: '', widths: [], rows: [] };
parentPort!.on('message', async (message: Message) => {
  if ('name' in message) Object.assign(sheet, message);
  else if ('rows' in message) for (const row of message.rows) sheet.rows.push(row);
  else {
    const file = await buildXlsx(sheet);
    const bytes = new Uint8Array(file.byteLength);
    bytes.set(file);
    parentPort!.postMessage(bytes, [bytes.buffer]);
    parentPort!.close();
  }
});
