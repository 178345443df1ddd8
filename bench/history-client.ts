/**
 * `bench:history`'s client thread, as the web's parse worker: makes the All Orders report, then on
 * `go` reads it into the accumulator, posting each request's worth of product-days as its body's
 * JSON as soon as it is read (the main thread uploads them meanwhile) and the rest when the report
 * is read.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { columnBuffers, partJson } from '../src/core/sales-history/history-columns';
import {
  historyAccumulator,
  type ParsedHistory,
  recognizeHistoryReport,
} from '../src/core/sales-history/reports';
import { allOrdersLines } from './history-orders';

export type ClientMessage =
  | { type: 'ready' }
  | { type: 'part'; json: string }
  | { type: 'done'; parsed: ParsedHistory };

/** About the lines of the worker's 1 MiB chunk: parts are taken between chunks, as there. */
const LINES_PER_CHUNK = 10_000;

const { lastDay, today } = workerData as { lastDay: number; today: number };
const port = parentPort!;
const lines = allOrdersLines(lastDay);
port.postMessage({ type: 'ready' } satisfies ClientMessage);

port.once('message', () => {
  const headers = lines[0]!.split('\t');
  const report = recognizeHistoryReport(headers);
  if (!report) throw new Error('the generated report is not recognised');
  const accumulator = historyAccumulator(report, today);
  for (let i = 1; i < lines.length; i++) {
    const problem = accumulator.addCells(headers, lines[i]!.split('\t'));
    if (problem) throw new Error(problem.message);
    if (i % LINES_PER_CHUNK === 0) {
      for (let part = accumulator.takePart(); part; part = accumulator.takePart()) {
        port.postMessage({ type: 'part', json: partJson('sales', part) } satisfies ClientMessage);
      }
    }
  }
  const parsed = accumulator.finish();
  if ('ok' in parsed) throw new Error(parsed.message);
  port.postMessage({ type: 'done', parsed } satisfies ClientMessage, columnBuffers(parsed.columns));
});
