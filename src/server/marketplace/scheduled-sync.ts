import { and, eq, gte, isNull, notExists } from 'drizzle-orm';
import { z } from 'zod';
import { marketplaceConnections, marketplaceSyncs } from '../db/schema';
import { HttpError } from '../http/errors';
import { defineJob } from '../jobs/define-job';
import { queueSync, runSync, type SyncDeps } from './sync-runner';

/** Daily at 03:15 UTC, when few sellers are at work. */
export const SCHEDULED_SYNC_CRON = '15 3 * * *';
/** Accounts synced at once: each sync mostly waits for Amazon's reports. */
const ACCOUNTS_AT_ONCE = 4;
/**
 * An account the schedule synced this recently is not synced again: a retry (or a second run of
 * the same day) only picks up the accounts the failed run did not reach.
 */
const RESYNC_AFTER_MS = 20 * 60 * 60 * 1000;

/** Connected accounts whose connection is not paused and which the schedule has not synced lately. */
async function accountsDue(deps: SyncDeps): Promise<string[]> {
  const since = new Date(deps.now() - RESYNC_AFTER_MS);
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
              ),
            ),
        ),
      ),
    )
    .orderBy(marketplaceConnections.accountId);
  return rows.map((row) => row.accountId);
}

/** Queues and runs one account's sync; false when it was skipped (a sync already waits or runs). */
async function syncAccount(deps: SyncDeps, accountId: string): Promise<boolean> {
  let syncId: string;
  try {
    syncId = await queueSync(deps, accountId, 'schedule');
  } catch (error) {
    // 409: a sync already waits or runs (its own runner finishes it), or the seller just disconnected.
    if (error instanceof HttpError && error.statusCode === 409) return false;
    throw error;
  }
  // The sync's advisory lock keeps another copy (or "Sync now") from running it twice.
  await runSync(deps, syncId);
  return true;
}

/**
 * The daily full sync of every connected account. A step's failure is recorded in its sync (as
 * for "Sync now"); an unexpected error of one account does not stop the others, and fails the run
 * at the end so the job's retry tries those accounts again.
 */
export const scheduledSyncJob = (deps: SyncDeps) =>
  defineJob({
    name: 'marketplace-scheduled-sync',
    schema: z.object({}).strict(),
    schedule: { cron: SCHEDULED_SYNC_CRON, data: {} },
    // A sync may wait up to 15 minutes for each report; many accounts take a while.
    timeoutSeconds: 4 * 60 * 60,
    run: async (_data, context) => {
      const pending = await accountsDue(deps);
      const failed: string[] = [];
      let synced = 0;
      let skipped = 0;
      const next = async (): Promise<void> => {
        for (let accountId = pending.shift(); accountId; accountId = pending.shift()) {
          // The app is stopping: what is left waits for the retry (on a copy that is up).
          if (context.signal.aborted) return;
          try {
            if (await syncAccount(deps, accountId)) synced++;
            else skipped++;
          } catch (error) {
            failed.push(accountId);
            context.log.error({ err: error, accountId }, 'scheduled marketplace sync failed for an account');
          }
        }
      };
      await Promise.all(Array.from({ length: ACCOUNTS_AT_ONCE }, next));
      context.log.info({ synced, skipped, failed: failed.length }, 'scheduled marketplace sync finished');
      if (failed.length > 0 || context.signal.aborted) {
        throw new Error(`The scheduled sync did not finish for ${failed.length || 'some'} accounts.`);
      }
    },
  });
