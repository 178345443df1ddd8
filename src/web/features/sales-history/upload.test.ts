import { describe, expect, it } from 'vitest';
import {
  type HistoryColumns,
  HistoryColumnsBuilder,
  partJson,
} from '../../../core/sales-history/history-columns';
import { type HistoryImportResult, MAX_HISTORY_ROWS } from '../../../core/sales-history/rows';
import { HistoryUpload } from './upload';

const RESULT: HistoryImportResult = {
  days: 1,
  products: 1,
  unknownProducts: 0,
  unknownExamples: [],
  duplicates: 0,
  forecasts: 1,
};

/** `rows` rows of sales, the first one's msku named `first`. */
function columns(rows: number, first = 'SKU-0'): HistoryColumns {
  const builder = new HistoryColumnsBuilder();
  for (let row = 0; row < rows; row++) {
    builder.append(builder.product(row === 0 ? first : `SKU-${row}`), '2024-03-01', 1, null);
  }
  return builder.columns();
}

type Call = { path: string; method: string; body?: { columns: { msku: string[] }; upload?: unknown } };

/** Records each request; each answers when the test lets it (`answerNext`), or fails. */
function server() {
  const calls: Call[] = [];
  const waiting: Array<{ resolve: (value: unknown) => void; reject: (error: unknown) => void }> = [];
  const send = <T>(path: string, init: { method: string; body?: unknown; json?: string }) => {
    // A part sent ahead comes as JSON text: it must parse to the same kind of body.
    const body = init.json === undefined ? init.body : JSON.parse(init.json);
    calls.push({ path, method: init.method, body } as Call);
    return new Promise<T>((resolve, reject) =>
      waiting.push({ resolve: resolve as (value: unknown) => void, reject }),
    );
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    calls,
    send,
    async answerNext(value: unknown = { staged: 1 }) {
      await settled();
      waiting.shift()!.resolve(value);
      await settled();
    },
    async failNext(error: Error) {
      await settled();
      waiting.shift()!.reject(error);
      await settled();
    },
    settled,
  };
}

const uploadOf = (call: Call) => call.body?.upload as { id: string; part: number; last: boolean } | undefined;

describe('a history upload', () => {
  it('holds parts until started, sends them one at a time in order, and the rest as the last', async () => {
    const api = server();
    const upload = new HistoryUpload('sales', undefined, api.send);
    upload.add(partJson('sales', columns(MAX_HISTORY_ROWS, 'FIRST')));
    upload.add(partJson('sales', columns(3, 'SECOND')));
    await api.settled();
    expect(api.calls).toEqual([]);
    upload.start();
    await api.settled();
    // One request at a time: the next waits for the answer before it.
    expect(api.calls).toHaveLength(1);
    const progress: number[] = [];
    const finished = upload.finish(columns(MAX_HISTORY_ROWS + 2, 'REST'), (fraction) =>
      progress.push(fraction),
    );
    for (let i = 0; i < 3; i++) await api.answerNext();
    await api.answerNext(RESULT);
    expect(await finished).toEqual(RESULT);
    expect(
      api.calls.map((call) => [call.body!.columns.msku.length, uploadOf(call)!.part, uploadOf(call)!.last]),
    ).toEqual([
      [MAX_HISTORY_ROWS, 0, false],
      [3, 1, false],
      [MAX_HISTORY_ROWS, 2, false],
      [2, 3, true],
    ]);
    expect(api.calls.map((call) => call.body!.columns.msku[0])).toEqual([
      'FIRST',
      'SECOND',
      'REST',
      'SKU-100000',
    ]);
    expect(new Set(api.calls.map((call) => uploadOf(call)!.id)).size).toBe(1);
    expect(progress.at(-1)).toBe(1);
    // Once the file is in, giving up is too late: nothing is dropped.
    upload.discard();
    await api.settled();
    expect(api.calls).toHaveLength(4);
  });

  it('sends a file of one request alone, without an upload', async () => {
    const api = server();
    const upload = new HistoryUpload('sales', undefined, api.send);
    const finished = upload.finish(columns(3));
    await api.answerNext(RESULT);
    expect(await finished).toEqual(RESULT);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.body).not.toHaveProperty('upload');
  });

  it('stops at the first part that fails, says so once, and the import fails with it', async () => {
    const api = server();
    const failures: unknown[] = [];
    const upload = new HistoryUpload('sales', (error) => failures.push(error), api.send);
    upload.start();
    upload.add(partJson('sales', columns(2)));
    upload.add(partJson('sales', columns(2)));
    const refused = new Error('Row 2: units must not be negative');
    await api.failNext(refused);
    expect(failures).toEqual([refused]);
    await expect(upload.finish(columns(1))).rejects.toBe(refused);
    expect(api.calls).toHaveLength(1);
    expect(failures).toHaveLength(1);
  });

  it('when given up, drops the parts sent after the one under way, and sends no more', async () => {
    const api = server();
    const upload = new HistoryUpload('sales', undefined, api.send);
    upload.start();
    upload.add(partJson('sales', columns(2)));
    upload.add(partJson('sales', columns(2)));
    await api.settled();
    upload.discard();
    upload.add(partJson('sales', columns(2)));
    await api.answerNext();
    await api.answerNext({ discarded: 1 });
    const id = uploadOf(api.calls[0]!)!.id;
    expect(api.calls.map((call) => [call.method, call.path])).toEqual([
      ['POST', '/api/dynamic/import-sales'],
      ['DELETE', `/api/dynamic/history-uploads/${id}`],
    ]);
  });

  it('given up while the import is under way (the dialog closed), sends nothing more and drops the parts', async () => {
    const api = server();
    const upload = new HistoryUpload('sales', undefined, api.send);
    upload.start();
    upload.add(partJson('sales', columns(2)));
    await api.settled();
    const finished = upload.finish(columns(2));
    const failed = expect(finished).rejects.toThrow('The import was cancelled');
    upload.discard();
    await api.answerNext();
    await api.answerNext({ discarded: 1 });
    await failed;
    expect(api.calls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  it('given up before anything was sent, sends nothing', async () => {
    const api = server();
    const upload = new HistoryUpload('stock', undefined, api.send);
    upload.add(partJson('sales', columns(2)));
    upload.discard();
    upload.start();
    await api.settled();
    expect(api.calls).toEqual([]);
  });
});
