import type { FastifyRequest } from 'fastify';
import type { RateLimits } from './config';
import type { Db } from './db/pool';
import type { HeavyWorkGate } from './http/heavy-work';
import type { JobQueue } from './jobs/job-runner';
import type { AppMetrics } from './ops/metrics';

/** What every feature's routes need; tests build it with a fake clock or tighter limits. */
export type AppDeps = {
  db: Db;
  jwtSecret: Uint8Array;
  now: () => number;
  limits: RateLimits;
  /** Runs work that reads or writes a whole table within the account's and the server's turns. */
  runHeavy: HeavyWorkGate;
  /** preHandler: 401 unless the request carries a valid access token; sets request.authUser. */
  requireAuth: (request: FastifyRequest) => Promise<void>;
  /** Queues background jobs (jobs/app-jobs.ts); they run on whichever app copy is free. */
  jobs: JobQueue;
  metrics: AppMetrics;
};
