import { CompactAnswerReader } from '../../../core/restock/compact-rows';
import type { TableColumns } from '../../../core/restock/table-index';
import { nextTask } from '../../lib/next-task';
import type { GridRow } from './api';

/** Decoding done on the page's thread before the browser may paint and take input again. */
const TASK_MS = 8;

/**
 * The whole table's rows decoded slice by slice as its answer arrives (see `CompactAnswerReader`),
 * so that a large table is ready moments after its last byte; `capacity` is how many rows are
 * expected, when known.
 */
export async function readTableAnswer(
  response: Response,
  capacity?: number,
): Promise<{ rows: GridRow[]; columns: TableColumns }> {
  const answer = new CompactAnswerReader<GridRow>(capacity);
  if (!response.body) {
    answer.push(await response.text());
    return answer.finish();
  }
  const text = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let busy = 0;
    for (;;) {
      const { done, value } = await text.read();
      if (done) break;
      const start = performance.now();
      answer.push(value);
      busy += performance.now() - start;
      // Pieces already here are read back to back, without a task between them.
      if (busy > TASK_MS) {
        await nextTask();
        busy = 0;
      }
    }
    return answer.finish();
  } catch (error) {
    // An answer that cannot be decoded is not read to its end: the connection is closed.
    await text.cancel(error).catch(() => {});
    throw error;
  }
}
