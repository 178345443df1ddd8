/**
 * `bench:history`'s client thread, as the web's parse worker: makes the All Orders report, then on
 * `go` reads it into the accumulator, posting each request's worth of product-days as its body's
 * JSON as soon as it is read (the main thread uploads them meanwhile) and the rest when the report
 * is read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { columnBuffers, partJson } from '../src/core/sales-history/history-columns';
import type { ParsedHistory } from '../src/core/sales-history/reports';
import { allOrdersLines, parseOrders } from './history-orders';

export type ClientMessage =
  | { type: 'ready' }
  | { type: 'part'; json: string }
  | { type: 'done'; parsed: ParsedHistory };

const { lastDay, today } = workerData as { lastDay: number; today: number };
const port = parentPort!;
const lines = allOrdersLines(lastDay);
port.postMessage({ type: 'ready' } satisfies ClientMessage);

port.once('message', () => {
  const parsed = parseOrders(lines, today, (accumulator) => {
    for (let part = accumulator.takePart(); part; part = accumulator.takePart()) {
      port.postMessage({ type: 'part', json: partJson('sales', part) } satisfies ClientMessage);
    }
  });
  port.postMessage({ type: 'done', parsed } satisfies ClientMessage, columnBuffers(parsed.columns));
});
