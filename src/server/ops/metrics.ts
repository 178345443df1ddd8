import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the app counts for Prometheus (`GET /metrics`); one registry per app, so tests keep theirs apart. */
export type AppMetrics = {
  registry: Registry;
  recordImportRows: (kind: 'products' | 'sales' | 'stock', rows: number) => void;
  recordJobRun: (job: string, outcome: 'completed' | 'failed', seconds: number) => void;
  /** Reads the pool's use at each scrape. */
  watchPool: (pool: pg.Pool) => void;
  /** Reads the waiting job runs at each scrape. */
  watchJobQueue: (waitingCounts: () => Promise<Record<string, number>>) => void;
};

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const importRows = new Counter({
    name: 'replen_import_rows_total',
    help: 'Rows saved by imports (products, sales history, stock history)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'replen_job_runs_total',
    help: 'Background job runs that ended, by job and outcome (failed: threw, or its data no longer fits)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'replen_job_run_duration_seconds',
    help: 'How long background job runs took',
    labelNames: ['job'],
    buckets: [0.1, 1, 10, 60, 300, 900],
    registers: [registry],
  });
  let pools: pg.Pool[] = [];
  new Gauge({
    name: 'replen_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const pool of pools) {
        this.inc({ state: 'total' }, pool.totalCount);
        this.inc({ state: 'idle' }, pool.idleCount);
        this.inc({ state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  let waitingCounts: (() => Promise<Record<string, number>>) | null = null;
  new Gauge({
    name: 'replen_job_queue_waiting',
    help: 'Background job runs waiting to start (queued, or waiting for a retry), by job',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!waitingCounts) return;
      for (const [job, count] of Object.entries(await waitingCounts())) this.set({ job }, count);
    },
  });
  return {
    registry,
    recordImportRows: (kind, rows) => importRows.inc({ kind }, rows),
    recordJobRun: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    watchPool: (pool) => {
      pools = [...pools, pool];
    },
    watchJobQueue: (counts) => {
      waitingCounts = counts;
    },
  };
}

/** Counts every request by route pattern (never the raw URL: ids would make endless series). */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const requests = new Counter({
    name: 'replen_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  });
  const seconds = new Histogram({
    name: 'replen_http_request_duration_seconds',
    help: 'HTTP request duration, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  // A hook with a callback, not a promise: it runs for every answer.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
