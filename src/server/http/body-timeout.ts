import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export const BODY_TOO_SLOW_MESSAGE = 'The request body arrived too slowly';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long this route waits for its whole body (imports are large). */
    bodyTimeoutMs?: number;
  }
}

/**
 * docs/decisions/008: a body must arrive within `defaultMs` (or the route's bodyTimeoutMs), so a
 * client sending a byte every few seconds cannot hold a connection and its request for minutes.
 * The answer is 408 and the connection is closed.
 */
export function registerBodyTimeout(app: FastifyInstance, defaultMs: number): void {
  // With a callback, not a promise: it runs for every request.
  app.addHook('preParsing', (request, reply, payload, done) => {
    // Only a request that sends a body is waited on (a GET's stream is never read, so never ends).
    const headers = request.headers;
    const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
    // A body that came whole with its headers (a small JSON edit) has nothing left to wait for.
    if (!hasBody || request.method === 'GET' || request.method === 'HEAD' || request.raw.complete) {
      done(null, payload);
      return;
    }
    const limitMs = request.routeOptions.config.bodyTimeoutMs ?? defaultMs;
    const guarded = new PassThrough();
    // The error reaches the request through the body parser; this only keeps it from being unhandled.
    guarded.on('error', () => {});
    const timer = setTimeout(() => {
      reply.header('connection', 'close');
      const error = new HttpError(408, BODY_TOO_SLOW_MESSAGE);
      payload.unpipe(guarded);
      guarded.destroy(error);
      // Stop reading the rest of what the client trickles in.
      payload.resume();
    }, limitMs);
    const stop = () => clearTimeout(timer);
    payload.on('end', stop);
    payload.on('error', stop);
    guarded.on('close', stop);
    request.raw.on('close', stop);
    done(null, payload.pipe(guarded));
  });
}
