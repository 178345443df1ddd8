import type { SyncDeps } from './sync-runner';
import { runSync, unfinishedSyncs } from './sync-runner';

/**
 * Runs syncs in this process beside the requests: a queued sync starts at once, and the syncs a
 * stopped copy left unfinished resume when the app starts. Closing waits for the running ones.
 */
export type SyncWorker = {
  start: (syncId: string) => void;
  resumeUnfinished: () => Promise<void>;
  close: () => Promise<void>;
};

export function createSyncWorker(deps: SyncDeps): SyncWorker {
  const running = new Set<Promise<unknown>>();
  const start = (syncId: string) => {
    const run = runSync(deps, syncId)
      .catch((error: unknown) => deps.logError(error, 'marketplace sync stopped'))
      .finally(() => running.delete(run));
    running.add(run);
  };
  return {
    start,
    async resumeUnfinished() {
      for (const syncId of await unfinishedSyncs(deps.db)) start(syncId);
    },
    async close() {
      await Promise.allSettled([...running]);
    },
  };
}
