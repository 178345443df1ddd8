import type pg from 'pg';
import type { Db } from '../db/pool';
import { hourlyInventorySyncJob, scheduledSyncJob } from '../marketplace/scheduled-sync';
import { syncJob } from '../marketplace/sync-job';
import type { SyncDeps } from '../marketplace/sync-runner';
import { pruneProductChangesJob } from '../restock/product-changes';
import type { AnyJobDefinition } from './define-job';

/** What job handlers may use; a job that needs more takes it here. */
export type JobDeps = {
  db: Db;
  pool: pg.Pool;
  now: () => number;
  /** The marketplace sync's settings, built once by the app (`syncDepsOf`) for its routes and jobs. */
  sync: SyncDeps;
};

/**
 * Every background job of the app. A feature defines its job with `defineJob` in its own folder
 * and adds it here; the runner creates its queue and schedule at start, on every copy.
 */
export function appJobs(deps: JobDeps): AnyJobDefinition[] {
  return [
    syncJob(deps.sync),
    scheduledSyncJob(deps.sync),
    hourlyInventorySyncJob(deps.sync),
    pruneProductChangesJob(deps.db),
  ];
}
