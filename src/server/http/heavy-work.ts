import { HttpError } from './errors';

export const ACCOUNT_BUSY_MESSAGE =
  'Your account already has several large requests running (tables, exports, imports, orders). Please wait for them to finish and try again.';
export const SERVER_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

export type HeavyWorkLimits = {
  /** Large requests one account runs at once; the next ones wait in its queue. */
  perAccount: number;
  /** How many more may wait per account; beyond that the answer is 429 at once. */
  perAccountQueue: number;
  /** Large requests running at once on the whole server, all accounts together. */
  global: number;
  /** How long a large request waits for its account's turn (then 429) or the server's (then 503). */
  globalWaitMs: number;
};

export const DEFAULT_HEAVY_WORK: HeavyWorkLimits = {
  perAccount: 2,
  perAccountQueue: 4,
  global: 4,
  globalWaitMs: 10_000,
};

type Queue = { running: number; waiting: Array<() => void> };

/**
 * docs/decisions/008: bounds the work that reads or writes a whole table (the restock table, the
 * buy list and its exports, purchase-order creation, imports). One account can hold at most
 * `perAccount` of the server's `global` turns, so it can never starve the others of database
 * connections, memory or CPU; requests that read one row or write one field never wait here.
 */
export function createHeavyWorkGate(limits: HeavyWorkLimits) {
  const accounts = new Map<string, Queue>();
  let globalRunning = 0;
  const globalWaiting: Array<{ grant: () => void }> = [];

  async function takeAccountTurn(accountId: string): Promise<Queue> {
    let queue = accounts.get(accountId);
    if (!queue) {
      queue = { running: 0, waiting: [] };
      accounts.set(accountId, queue);
    }
    if (queue.running < limits.perAccount) {
      queue.running++;
      return queue;
    }
    if (queue.waiting.length >= limits.perAccountQueue) throw new HttpError(429, ACCOUNT_BUSY_MESSAGE);
    const taken = queue;
    await new Promise<void>((resolve, reject) => {
      const grant = () => resolve();
      taken.waiting.push(grant);
      // Behind a long import, say: better a clear answer than a request left pending.
      setTimeout(() => {
        const index = taken.waiting.indexOf(grant);
        if (index < 0) return;
        taken.waiting.splice(index, 1);
        reject(new HttpError(429, ACCOUNT_BUSY_MESSAGE));
      }, limits.globalWaitMs).unref();
    });
    return taken;
  }

  function releaseAccountTurn(accountId: string, queue: Queue) {
    const next = queue.waiting.shift();
    // The turn passes straight to the next waiter, so `running` stays as it is.
    if (next) return next();
    queue.running--;
    if (queue.running === 0) accounts.delete(accountId);
  }

  async function takeGlobalTurn(): Promise<void> {
    if (globalRunning < limits.global) {
      globalRunning++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = { grant: () => resolve() };
      globalWaiting.push(waiter);
      setTimeout(() => {
        const index = globalWaiting.indexOf(waiter);
        if (index < 0) return;
        globalWaiting.splice(index, 1);
        reject(new HttpError(503, SERVER_BUSY_MESSAGE));
      }, limits.globalWaitMs).unref();
    });
  }

  function releaseGlobalTurn() {
    const next = globalWaiting.shift();
    if (next) return next.grant();
    globalRunning--;
  }

  return async function runHeavy<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    const queue = await takeAccountTurn(accountId);
    try {
      await takeGlobalTurn();
    } catch (error) {
      releaseAccountTurn(accountId, queue);
      throw error;
    }
    try {
      return await task();
    } finally {
      releaseGlobalTurn();
      releaseAccountTurn(accountId, queue);
    }
  };
}

export type HeavyWorkGate = ReturnType<typeof createHeavyWorkGate>;
