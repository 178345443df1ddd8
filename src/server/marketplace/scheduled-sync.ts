import { and, eq, gte, isNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SYNC_KINDS, type SyncKind } from '../../core/marketplace/sync';
import { marketplaceConnections, marketplaceSyncs } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineJob, type JobContext } from '../jobs/define-job';
import { queueSync, runSync, type SyncDeps, SyncInterrupted, unfinishedSyncs } from './sync-runner';

/** Daily at 03:15 UTC, when few sellers are at work. */
export const SCHEDULED_SYNC_CRON = '15 3 * * *';
/** The stock every hour, at a minute of its own (the daily sync starts at :15). */
export const HOURLY_INVENTORY_CRON = '45 * * * *';
/** Accounts synced at once: each sync mostly waits for Amazon's reports. */
const ACCOUNTS_AT_ONCE = 4;

type Schedule = {
  kind: SyncKind;
  /**
   * An account the schedule synced this recently is not synced again: a retry (or a second run of
   * the same period) only picks up the accounts the failed run did not reach.
   */
  resyncAfterMs: number;
};

const DAILY: Schedule = { kind: 'full', resyncAfterMs: 20 * 60 * 60 * 1000 };
const HOURLY: Schedule = { kind: 'inventory', resyncAfterMs: 50 * 60 * 1000 };

/**
 * Connected accounts whose connection is not paused and which no scheduled sync of this kind (or a
 * fuller one: the daily sync refreshes the stock too) has reached lately.
 */
async function accountsDue(deps: SyncDeps, schedule: Schedule): Promise<string[]> {
  const since = new Date(deps.now() - schedule.resyncAfterMs);
  // A sync covers this schedule when it has this kind's last step (full: sales, hourly: inventory).
  const covering = JSON.stringify([{ name: SYNC_KINDS[schedule.kind].at(-1) }]);
  const rows = await deps.db
    .select({ accountId: marketplaceConnections.accountId })
    .from(marketplaceConnections)
    .where(
      and(
        isNull(marketplaceConnections.pausedReason),
        notExists(
          deps.db
            .select({ id: marketplaceSyncs.id })
            .from(marketplaceSyncs)
            .where(
              and(
                eq(marketplaceSyncs.accountId, marketplaceConnections.accountId),
                eq(marketplaceSyncs.trigger, 'schedule'),
                gte(marketplaceSyncs.createdAt, since),
                sql`${marketplaceSyncs.steps} @> ${covering}::jsonb`,
              ),
            ),
        ),
      ),
    )
    .orderBy(marketplaceConnections.accountId);
  return rows.map((row) => row.accountId);
}

/** Queues and runs one account's sync; false when it was skipped (a sync already waits or runs). */
async function syncAccount(deps: SyncDeps, accountId: string, kind: SyncKind, signal: AbortSignal) {
  let syncId: string;
  try {
    syncId = await queueSync(deps, accountId, 'schedule', kind);
  } catch (error) {
    // 409: a sync already waits or runs (its own runner finishes it), or the seller just disconnected.
    if (error instanceof HttpError && error.statusCode === 409) return false;
    throw error;
  }
  // The sync's advisory lock keeps another copy (or "Sync now") from running it twice.
  await runSync(deps, syncId, signal);
  return true;
}

/**
 * One run of a schedule. First the syncs a stopped copy left unfinished are resumed where they
 * stopped (one whose copy is still at it is left to it: its lock is held), then every due account
 * gets a sync of the schedule's kind. A step's failure is recorded in its sync (as for "Sync now");
 * an unexpected error of one account does not stop the others, and fails the run at the end so the
 * job's retry tries those accounts again.
 */
async function runSchedule(deps: SyncDeps, schedule: Schedule, context: JobContext) {
  const resumes = (await unfinishedSyncs(deps.db)).map(
    ({ syncId, accountId }) =>
      [accountId, async () => (await runSync(deps, syncId, context.signal)) && ('resumed' as const)] as const,
  );
  const fresh = (await accountsDue(deps, schedule)).map(
    (accountId) =>
      [
        accountId,
        async () =>
          (await syncAccount(deps, accountId, schedule.kind, context.signal)) && ('synced' as const),
      ] as const,
  );
  const pending = [...resumes, ...fresh];
  const counts = { resumed: 0, synced: 0, skipped: 0, failed: 0 };
  const next = async (): Promise<void> => {
    for (let task = pending.shift(); task; task = pending.shift()) {
      // The app is stopping: what is left waits for the retry (on a copy that is up).
      if (context.signal.aborted) return;
      const [accountId, work] = task;
      try {
        counts[(await work()) || 'skipped']++;
      } catch (error) {
        counts.failed++;
        if (!(error instanceof SyncInterrupted))
          context.log.error({ err: error, accountId }, 'scheduled marketplace sync failed for an account');
      }
    }
  };
  await Promise.all(Array.from({ length: ACCOUNTS_AT_ONCE }, next));
  context.log.info({ kind: schedule.kind, ...counts }, 'scheduled marketplace sync finished');
  if (counts.failed > 0 || context.signal.aborted) {
    throw new Error(`The scheduled sync did not finish for ${counts.failed || 'some'} accounts.`);
  }
}

/** The daily full sync of every connected account. */
export const scheduledSyncJob = (deps: SyncDeps) =>
  defineJob({
    name: 'marketplace-scheduled-sync',
    schema: z.object({}).strict(),
    schedule: { cron: SCHEDULED_SYNC_CRON, data: {} },
    // A sync may wait up to 15 minutes for each report; many accounts take a while.
    timeoutSeconds: 4 * 60 * 60,
    run: (_data, context) => runSchedule(deps, DAILY, context),
  });

/** The hourly stock of every connected account: the FBA inventory step only. */
export const hourlyInventorySyncJob = (deps: SyncDeps) =>
  defineJob({
    name: 'marketplace-hourly-inventory',
    schema: z.object({}).strict(),
    schedule: { cron: HOURLY_INVENTORY_CRON, data: {} },
    // Shorter than the hour, so a stuck run never overlaps the next one for long.
    timeoutSeconds: 50 * 60,
    run: (_data, context) => runSchedule(deps, HOURLY, context),
  });
