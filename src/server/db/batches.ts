import { databaseTooSlow } from '../http/errors';
import { DEFAULT_POOL_TIMEOUTS } from './pool';

/**
 * Calls of one kind that go to the database together (decision 019): a call goes at once while
 * fewer than `maxInFlight` batches are under way; the calls made meanwhile wait and go together,
 * up to `maxBatch` of them, as soon as a batch comes back. There is no timer, so a lone call waits
 * for nothing, and under load one round trip (and, for a write, one commit) serves many requests.
 * A call is only ever sent in a batch formed after it was made: it sees every commit that
 * finished before it, exactly as a statement of its own would.
 */
export type BatchOptions<I> = {
  maxBatch: number;
  maxInFlight: number;
  /**
   * How long a call may wait to be sent (the batches ahead of it are slow: a database that does
   * not answer); then it fails with `waitError()`. By default as a request waiting for a pool
   * connection does: after the pool's acquire time, with a 503.
   */
  maxWaitMs?: number;
  waitError?: () => Error;
  /** Only items of one group share a batch (say, edits of one field: one statement's text). */
  groupOf?: (item: I) => string;
  /** Items of the same key never share a batch (the same row written twice): the later waits. */
  keyOf?: (item: I) => string;
};

type Waiting<I, O> = {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
  /** Set while the call waits to be sent. */
  timer?: ReturnType<typeof setTimeout>;
};

/** `run` answers one result per item, in the items' order. */
export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: BatchOptions<I>,
): (item: I) => Promise<O> {
  const {
    maxBatch,
    maxInFlight,
    maxWaitMs = DEFAULT_POOL_TIMEOUTS.acquireTimeoutMs,
    waitError = databaseTooSlow,
    groupOf,
    keyOf,
  } = options;
  let waiting: Array<Waiting<I, O>> = [];
  let inFlight = 0;

  const takeBatch = (): Array<Waiting<I, O>> => {
    const group = groupOf?.(waiting[0]!.item);
    const keys = new Set<string>();
    const batch: Array<Waiting<I, O>> = [];
    const left: Array<Waiting<I, O>> = [];
    for (const call of waiting) {
      const key = keyOf?.(call.item);
      const fits =
        batch.length < maxBatch &&
        (groupOf === undefined || groupOf(call.item) === group) &&
        (key === undefined || !keys.has(key));
      if (!fits) {
        left.push(call);
        continue;
      }
      if (key !== undefined) keys.add(key);
      clearTimeout(call.timer);
      batch.push(call);
    }
    waiting = left;
    return batch;
  };

  // The next batch leaves before this one's callers go on: its round trip overlaps their work.
  const send = async (batch: Array<Waiting<I, O>>) => {
    let results: O[] | undefined;
    let failure: unknown;
    try {
      results = await run(batch.map((call) => call.item));
      if (results.length !== batch.length) throw new Error('A batch answered another number of results');
    } catch (error) {
      results = undefined;
      failure = error;
    }
    inFlight--;
    pump();
    for (const [index, call] of batch.entries()) {
      if (results === undefined) call.reject(failure);
      else call.resolve(results[index]!);
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      inFlight++;
      void send(takeBatch());
    }
  };

  const giveUp = (call: Waiting<I, O>) => {
    waiting = waiting.filter((other) => other !== call);
    call.reject(waitError());
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      const call: Waiting<I, O> = { item, resolve, reject };
      waiting.push(call);
      pump();
      // Not sent at once: it is still the last one waiting.
      if (waiting.at(-1) === call) call.timer = setTimeout(() => giveUp(call), maxWaitMs);
    });
}

/** One batcher per database (pool), made the first time that database asks for one. */
export function perDatabase<D extends object, B>(create: (db: D) => B): (db: D) => B {
  const made = new WeakMap<D, B>();
  return (db) => {
    let batcher = made.get(db);
    if (batcher === undefined) {
      batcher = create(db);
      made.set(db, batcher);
    }
    return batcher;
  };
}
