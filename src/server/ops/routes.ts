import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { hasAllMigrations } from '../db/migrate';
import type { AppMetrics } from './metrics';

/** A load balancer waits about this long; a database slower than this is not ready. */
const READY_TIMEOUT_MS = 2_000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Without METRICS_TOKEN only this machine may read the metrics: a loopback socket and no
 * forwarding header (a proxy on this machine would otherwise hand them to anyone).
 */
function metricsRefusal(
  request: FastifyRequest,
  token: string | undefined,
): { status: number; message: string } | null {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return sameSecret(given, token)
      ? null
      : { status: 401, message: 'A valid METRICS_TOKEN bearer token is required' };
  }
  const isLocal = LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
  return isLocal
    ? null
    : { status: 403, message: 'Metrics are served to this machine only unless METRICS_TOKEN is set' };
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];

/** At least `warn`: probes every few seconds would fill an info log, but a quieter app stays quiet. */
const probeLogLevel = (appLevel: string): Level => {
  const rank = LEVELS.indexOf(appLevel as Level);
  return rank > LEVELS.indexOf('warn') ? LEVELS[rank]! : 'warn';
};

/**
 * DESIGN 13: probes for load balancers and metrics for Prometheus. Unauthenticated probes, cheap,
 * and logged only at warn level and above so they do not fill the request log.
 */
export function opsRoutes(
  app: FastifyInstance,
  options: { pool: pg.Pool; metrics: AppMetrics; metricsToken: string | undefined },
): void {
  const logLevel = probeLogLevel(app.log.level);
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel }, async (request, reply) => {
    try {
      const isMigrated = await withTimeout(hasAllMigrations(options.pool), READY_TIMEOUT_MS);
      if (isMigrated) return { status: 'ready' };
      return reply.status(503).send({ message: 'The database lacks migrations of this version' });
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.status(503).send({ message: 'The database is not reachable' });
    }
  });

  app.get('/metrics', { logLevel }, async (request, reply) => {
    const refusal = metricsRefusal(request, options.metricsToken);
    if (refusal) return reply.status(refusal.status).send({ message: refusal.message });
    const text = await options.metrics.registry.metrics();
    return reply.type(options.metrics.registry.contentType).send(text);
  });
}
