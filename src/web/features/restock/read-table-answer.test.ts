import { describe, expect, it } from 'vitest';
import {
  COMPACT_ANSWER_END,
  CompactAnswerError,
  type CompactRows,
  compactAnswerHead,
  plainRow,
  rowsFromCompact,
} from '../../../core/restock/compact-rows';
import { readTableAnswer } from './read-table-answer';

const keys = ['id', 'msku', 'cost', 'title'];

/** An answer framed as the server frames it, a slice of `perSlice` rows a line. */
function framedAnswer(count: number, perSlice: number): string {
  const rows = Array.from({ length: count }, (_, i) => [
    `id-${i}`,
    `SKU-${i}`,
    i % 7 === 0 ? null : i / 4,
    `Tée ☃ 𝄞 ${i}`,
  ]);
  const lines = [compactAnswerHead(keys)];
  for (let start = 0; start < count; start += perSlice) {
    const slice = rows.slice(start, start + perSlice).map((row) => JSON.stringify(row));
    lines.push(`${start > 0 ? ',' : ''}${slice.join(',')}`);
  }
  lines.push(COMPACT_ANSWER_END);
  return lines.join('\n');
}

/** A streamed answer whose bytes come in pieces of `size`, cut anywhere (inside a character too). */
function streamed(bytes: Uint8Array, size: number, failAt?: number): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAt !== undefined && at >= failAt) return controller.error(new TypeError('network error'));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Response(body);
}

describe('readTableAnswer', () => {
  const text = framedAnswer(2_000, 500);
  const bytes = new TextEncoder().encode(text);
  const whole = rowsFromCompact(JSON.parse(text) as CompactRows);

  it('decodes the streamed answer to the rows a parse of the whole gives, however its bytes are cut', async () => {
    for (const size of [1, 7, 4096, bytes.length]) {
      const decoded = await readTableAnswer(streamed(bytes, size), 2_000);
      // Compared as plain rows: decoded rows hold only their place.
      expect(decoded.rows.map(plainRow)).toEqual(whole.rows.map(plainRow));
      expect(decoded.columns).toEqual(whole.columns);
    }
  });

  it('fails when the connection fails or the answer stops short', async () => {
    await expect(readTableAnswer(streamed(bytes, 4096, 8192))).rejects.toThrow('network error');
    const short = new TextEncoder().encode(text.slice(0, text.lastIndexOf('\n')));
    await expect(readTableAnswer(streamed(short, 4096))).rejects.toBeInstanceOf(CompactAnswerError);
  });

  it('lets other tasks run while it decodes a large answer that is all here', async () => {
    const large = new TextEncoder().encode(framedAnswer(60_000, 500));
    let otherTaskRan = false;
    setTimeout(() => {
      otherTaskRan = true;
    }, 0);
    // Every piece is queued before the first read: without a pause, the reads follow in microtasks.
    const response = streamed(large, 64 * 1024);
    const decoded = await readTableAnswer(response);
    expect(decoded.rows).toHaveLength(60_000);
    expect(otherTaskRan).toBe(true);
  });
});
