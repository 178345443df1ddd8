import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { AnyJobDefinition, JobDefinition } from './define-job';

/** pg-boss keeps its tables in this schema of the app's database, apart from the app's own. */
export const JOB_SCHEMA = 'pgboss';

const DEFAULT_RETRY = { limit: 3, delaySeconds: 10 };
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
/** A run whose key is busy is queued again this much later (by default). */
const BUSY_KEY_DELAY_SECONDS = 5;
/** What a stop waits for running jobs; the app must be down within 10 s of a signal. */
const STOP_WAIT_MS = 4_000;

export type JobQueue = {
  /**
   * Queues a run of a registered job (checked against its schema). Answers the run's id, or null
   * when the job is one-at-a-time and its key already has a run waiting.
   */
  enqueue: <Data extends object>(
    job: JobDefinition<Data>,
    data: Data,
    options?: { startAfterSeconds?: number },
  ) => Promise<string | null>;
};

/** The queue of an app built without a runner. */
export const jobsNotRunning: JobQueue = {
  enqueue: async (job) => {
    throw new Error(`Background jobs are not running in this process (queuing ${job.name}).`);
  },
};

/**
 * The queue of a runner started after the app is built (it logs through the app's logger); the
 * app listens only once the runner is set.
 */
export function lateJobQueue(): JobQueue & { use: (runner: JobQueue) => void } {
  let current: JobQueue = jobsNotRunning;
  return {
    enqueue: (job, data, options) => current.enqueue(job, data, options),
    use: (runner) => {
      current = runner;
    },
  };
}

export type JobEvents = {
  /** A run ended (`failed`: it threw, timed out, or its stored data no longer fits the schema). */
  onRunEnd?: (name: string, outcome: 'completed' | 'failed', seconds: number) => void;
};

export type JobRunner = JobQueue & {
  /** Runs waiting to start (queued, or failed and waiting for their retry), per job name. */
  waitingCounts: () => Promise<Record<string, number>>;
  stop: () => Promise<void>;
};

export type JobRunnerOptions = JobEvents & {
  connectionString: string;
  /** The app's pool: one-at-a-time jobs hold their key's lock on one of its connections. */
  pool: pg.Pool;
  jobs: AnyJobDefinition[];
  log: FastifyBaseLogger;
  /** How often each copy looks for new runs; 2 s by default. */
  pollingIntervalSeconds?: number;
  /** How much later a run whose key is busy is tried again; 5 s by default. */
  busyKeyDelaySeconds?: number;
};

const SETUP_LOCK_NAME = 'replen.jobs:setup';

function createBoss(connectionString: string, options: Partial<PgBoss.ConstructorOptions> = {}) {
  return new PgBoss({
    connectionString,
    schema: JOB_SCHEMA,
    application_name: 'replen-jobs',
    max: 4,
    ...options,
  });
}

/**
 * Creates or upgrades pg-boss's schema (under pg-boss's own advisory lock, so copies may start at
 * once). The runner does it too; tests do it once in the template database.
 */
export async function installJobSchema(connectionString: string): Promise<void> {
  const boss = createBoss(connectionString, { supervise: false, schedule: false, max: 1 });
  await boss.start();
  await boss.stop({ graceful: false });
}

/**
 * A session advisory lock per job and key, held on its own connection for the whole run: if the
 * copy dies, PostgreSQL ends the session and the key is free again.
 */
async function tryLockKey(pool: pg.Pool, lockName: string): Promise<(() => Promise<void>) | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ held: boolean }>(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS held',
      [lockName],
    );
    if (!rows[0]?.held) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockName]);
      client.release();
    } catch (error) {
      // The session is unusable; dropping it ends the lock too.
      client.release(error instanceof Error ? error : true);
    }
  };
}

async function whileHoldingSetupLock(pool: pg.Pool, setUp: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  let healthy = true;
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [SETUP_LOCK_NAME]);
    await setUp();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [SETUP_LOCK_NAME]).catch(() => {
      healthy = false;
    });
    // A session that could not unlock is dropped: that ends its lock too.
    client.release(!healthy);
  }
}

async function ensureQueue(boss: PgBoss, job: AnyJobDefinition): Promise<void> {
  const retry = job.retry ?? DEFAULT_RETRY;
  const queue: PgBoss.Queue = {
    name: job.name,
    // `short`: at most one waiting run per key; keyless queues must not use it (all would share '').
    policy: job.oneAtATimePer ? 'short' : 'standard',
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: true,
    expireInSeconds: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  };
  await boss.createQueue(job.name, queue);
  // An existing queue keeps its first options; apply the current definition's.
  await boss.updateQueue(job.name, queue);
  if (job.schedule) {
    job.schema.parse(job.schedule.data);
    await boss.schedule(job.name, job.schedule.cron, job.schedule.data, { tz: 'UTC' });
  } else {
    await boss.unschedule(job.name);
  }
}

/**
 * Starts pg-boss on the app's database and a worker for every registered job. Every app copy runs
 * one: pg-boss hands each run to one copy (row locks with SKIP LOCKED), and a copy that dies mid-run
 * leaves the run to expire and be retried elsewhere.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { jobs, log, pool, onRunEnd, busyKeyDelaySeconds = BUSY_KEY_DELAY_SECONDS } = options;
  const registered = new Map<string, AnyJobDefinition>();
  for (const job of jobs) {
    if (registered.has(job.name)) throw new Error(`Two background jobs are named ${job.name}.`);
    registered.set(job.name, job);
  }
  const stopping = new AbortController();
  const boss = createBoss(options.connectionString);
  boss.on('error', (error) => log.warn({ err: error }, `background jobs: ${error.message}`));

  async function run(job: AnyJobDefinition, stored: PgBoss.JobWithMetadata<object>): Promise<void> {
    const parsed = job.schema.safeParse(stored.data);
    if (!parsed.success) {
      // Retrying cannot fix the data; the run ends here, reported as failed.
      log.error({ job: job.name, jobId: stored.id }, `background job ${job.name}: stored data does not fit`);
      onRunEnd?.(job.name, 'failed', 0);
      return;
    }
    const key = job.oneAtATimePer?.(parsed.data);
    const unlock = key === undefined ? null : await tryLockKey(pool, `replen.job:${job.name}:${key}`);
    if (key !== undefined && !unlock) {
      await boss.send(job.name, stored.data, { singletonKey: key, startAfter: busyKeyDelaySeconds });
      return;
    }
    const started = performance.now();
    try {
      await job.run(parsed.data, {
        jobId: stored.id,
        retryCount: stored.retryCount,
        signal: stopping.signal,
        log: log.child({ job: job.name, jobId: stored.id }),
      });
      onRunEnd?.(job.name, 'completed', (performance.now() - started) / 1000);
    } catch (error) {
      onRunEnd?.(job.name, 'failed', (performance.now() - started) / 1000);
      log.warn({ err: error, job: job.name, jobId: stored.id }, `background job ${job.name} failed`);
      throw error;
    } finally {
      await unlock?.();
    }
  }

  try {
    // Creating a queue attaches a partition to pg-boss's job table; copies that started at once
    // and did it together deadlocked. They take turns, and the later ones find the queues made.
    await whileHoldingSetupLock(pool, async () => {
      await boss.start();
      for (const job of jobs) await ensureQueue(boss, job);
    });
    for (const job of jobs) {
      // Each pg-boss worker runs one job at a time.
      for (let worker = 0; worker < (job.concurrency ?? 1); worker++) {
        await boss.work<object>(
          job.name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async ([stored]) => {
            if (stored) await run(job, stored);
          },
        );
      }
    }
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }

  let stopped: Promise<void> | null = null;
  return {
    enqueue: async (job, data, runOptions = {}) => {
      const known = registered.get(job.name);
      if (!known) throw new Error(`The background job ${job.name} is not registered (jobs/app-jobs.ts).`);
      const checked = known.schema.parse(data);
      return boss.send(job.name, checked, {
        singletonKey: known.oneAtATimePer?.(checked),
        startAfter: runOptions.startAfterSeconds,
      });
    },
    waitingCounts: async () => {
      const counts: Record<string, number> = {};
      for (const name of registered.keys()) counts[name] = await boss.getQueueSize(name);
      return counts;
    },
    stop: () => {
      // Running jobs see the signal and stop between steps; what still runs after the wait is
      // marked failed and retried by a copy that is up.
      stopping.abort();
      stopped ??= boss
        .stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS })
        .catch((error: Error) =>
          log.warn({ err: error }, `background jobs did not stop cleanly: ${error.message}`),
        );
      return stopped;
    },
  };
}
