import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import type { JobQueue } from '../jobs/job-runner';
import { runSync, type SyncDeps, unfinishedSyncs } from './sync-runner';

/**
 * Runs an account's queued or unfinished syncs, on whichever app copy takes the job. The job
 * names the account, not one sync: it is one at a time per account, two "Sync now" make one run,
 * and a run that was waiting picks up whatever sync the account has by the time it starts.
 * A copy that dies mid-sync frees the account's lock with its connection; the job's retry (or the
 * next schedule, or a copy that starts) resumes the sync where it stopped.
 */
export const syncJob = (deps: SyncDeps) =>
  defineJob({
    name: 'marketplace-sync',
    schema: z.object({ accountId: z.string().uuid() }).strict(),
    oneAtATimePer: (data) => data.accountId,
    // Each report may be waited for up to 15 minutes.
    timeoutSeconds: 2 * 60 * 60,
    // Unexpected errors (the database, the app stopping between steps) are retried: 10 s, 20 s, 40 s.
    retry: { limit: 3, delaySeconds: 10 },
    run: async ({ accountId }, context) => {
      for (const { syncId } of await unfinishedSyncs(deps.db, accountId)) {
        await runSync(deps, syncId, context.signal);
      }
    },
  });

/** Hands every unfinished sync (one left by a copy that stopped, or never started) to the sync job. */
export async function queueUnfinishedSyncs(deps: SyncDeps, jobs: JobQueue): Promise<number> {
  const accountIds = new Set((await unfinishedSyncs(deps.db)).map((sync) => sync.accountId));
  for (const accountId of accountIds) await jobs.enqueue(syncJob(deps), { accountId });
  return accountIds.size;
}
