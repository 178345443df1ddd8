import type { FastifyInstance } from 'fastify';
import { buildApp, syncDepsOf } from './app';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { appJobs } from './jobs/app-jobs';
import { type JobRunner, lateJobQueue, startJobRunner } from './jobs/job-runner';
import { loadJwtSecret } from './jwt-secret';
import { loadSecretKey } from './marketplace/secret-box';
import { createMetrics } from './ops/metrics';

export type RunningServer = {
  app: FastifyInstance;
  url: string;
  startupMs: number;
  stop: () => Promise<void>;
};

/**
 * Stops listening and waits for the requests in flight. Node keeps their keep-alive connections
 * open once answered (Fastify: 72 s), which would hold the close that long: each is closed as soon
 * as it is idle.
 */
async function closeAfterRequestsInFlight(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } catch {
    // Closing is best effort; the database still stops.
  } finally {
    clearInterval(sweep);
  }
}

/** Opens the database (embedded or DATABASE_URL), migrates, starts the background jobs, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const started = Date.now();
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const secretKey = await loadSecretKey(config.secretKey, config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance;
  let jobs: JobRunner | null = null;
  try {
    const queue = lateJobQueue();
    const metrics = createMetrics();
    app = await buildApp({
      metrics,
      metricsToken: config.metricsToken,
      db: database.db,
      jwtSecret,
      limits: config.limits,
      trustProxy: config.trustProxy,
      logLevel: config.logLevel,
      jobs: queue,
      marketplace: { secretKey, testingEndpoint: config.spApiTestingEndpoint, resumeOnStart: true },
    });
    jobs = await startJobRunner({
      connectionString: database.url,
      pool: database.pool,
      jobs: appJobs({ db: database.db, pool: database.pool, now: Date.now, sync: syncDepsOf(app) }),
      log: app.log,
      onRunEnd: metrics.recordJobRun,
    });
    metrics.watchJobQueue(jobs.waitingCounts);
    queue.use(jobs);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await jobs?.stop();
    await database.close();
    throw error;
  }
  const runner = jobs;
  let stopped: Promise<void> | null = null;
  return {
    app,
    url: `http://${config.host}:${config.port}`,
    startupMs: Date.now() - started,
    stop: () => {
      // Requests drain while the job workers stop (both bounded), then the database goes.
      stopped ??= Promise.all([closeAfterRequestsInFlight(app), runner.stop()]).then(() => database.close());
      return stopped;
    },
  };
}
