import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** What a running job is told besides its data. */
export type JobContext = {
  jobId: string;
  /** 0 on the first run, 1 on the first retry, and so on. */
  retryCount: number;
  /** Aborted when the app stops: a long job stops between steps; it is then retried at the next start. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

/**
 * A named background job. Every app copy is a worker; a queued job runs once, on one copy.
 * The data is stored as JSON, outlives deploys, and is checked with `schema` when queued and when run.
 */
export type JobDefinition<Data> = {
  /** The queue's name: letters, digits, `-` and `_`; it is stored, so never rename a job with queued work. */
  name: string;
  schema: z.ZodType<Data>;
  run: (data: Data, context: JobContext) => Promise<void>;
  /**
   * Failed runs are retried after `delaySeconds`, doubling each time (exponential backoff).
   * Default: 3 retries from 10 s.
   */
  retry?: { limit: number; delaySeconds: number };
  /** Runs at once on each app copy; 1 by default. */
  concurrency?: number;
  /** A run that takes longer fails (and is retried). Default 15 minutes. */
  timeoutSeconds?: number;
  /**
   * A cron expression in UTC (`0 * * * *`: hourly) with the data each run gets. Stored in the
   * database, so it survives restarts; every copy watches it and one of them queues each run.
   */
  schedule?: { cron: string; data: Data };
  /**
   * One run at a time per key (e.g. the account id): a run whose key is busy waits for it, and
   * queuing a key that already has a run waiting adds nothing (two "Sync now" make one sync).
   */
  oneAtATimePer?: (data: Data) => string;
};

// The registry keeps definitions of every data type side by side.
// biome-ignore lint/suspicious/noExplicitAny: the data type is checked where each job is defined and queued.
export type AnyJobDefinition = JobDefinition<any>;

/** Keeps the data type of a definition (so `jobs.enqueue(job, data)` checks `data` at compile time). */
export const defineJob = <Data>(definition: JobDefinition<Data>): JobDefinition<Data> => definition;
