import type { FastifyRequest } from 'fastify';
import type { RateLimits } from './config';
import type { Db } from './db/pool';

/** What every feature's routes need; tests build it with a fake clock or tighter limits. */
export type AppDeps = {
  db: Db;
  jwtSecret: Uint8Array;
  now: () => number;
  limits: RateLimits;
  /** preHandler: 401 unless the request carries a valid access token; sets request.authUser. */
  requireAuth: (request: FastifyRequest) => Promise<void>;
};
