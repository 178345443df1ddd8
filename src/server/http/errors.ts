import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postgresErrorCode } from '../db/errors';
import { applySecurityHeaders } from './security-headers';

/** An error the user can act on: its message goes to the client as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The client closed its connection before its answer was ready, and the work for it was stopped.
 * Nobody reads the answer; the status (nginx's "client closed request") is for the logs.
 */
export class ClientGoneError extends HttpError {
  constructor() {
    super(499, 'The request was closed before its answer was ready.');
  }
}

/** A signal that aborts when the client closes the connection before the reply was sent. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new ClientGoneError());
  });
  return gone.signal;
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in again') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong',
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

export const DATABASE_SLOW_MESSAGE = 'The database took too long to answer. Please try again shortly.';

export const databaseTooSlow = () => new HttpError(503, DATABASE_SLOW_MESSAGE);

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

export const CONCURRENT_CHANGE_MESSAGE = 'Another change to the same data got in the way. Please try again.';

// Two transactions that each waited for the other (a deadlock, 40P01): PostgreSQL rolled this one
// back, and the same request sent again finds the other one done. Imports answer their own 409
// for the serialization failures of their snapshot (account-lock.ts).
const isDeadlockVictim = (error: unknown) => postgresErrorCode(error) === '40P01';

// PostgreSQL refuses NUL in text (22021) and in JSON (22P05); such a value can only come from the request.
const isNulRefusal = (error: unknown) => ['22021', '22P05'].includes(postgresErrorCode(error) ?? '');

const DATABASE_DOWN_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
];
const DATABASE_DOWN_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|is not queryable/;

/** The error and its causes: Drizzle wraps the driver's error (DrizzleQueryError, `cause`). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

// A statement cancelled by statement_timeout (57014), or no answer within the client's query timeout.
const isDatabaseTooSlow = (error: unknown) =>
  [...errorChain(error)].some(
    (link) => String(link.code) === '57014' || /Query read timeout/.test(String(link.message)),
  );

const isDatabaseDown = (error: unknown) =>
  [...errorChain(error)].some(
    (link) =>
      DATABASE_DOWN_CODES.includes(String(link.code)) || DATABASE_DOWN_MESSAGE.test(String(link.message)),
  );

/** Every error answers `{ message }`: 4xx with a message the user can act on, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isNulRefusal(error)) return reply.status(400).send({ message: NUL_CHARACTER_MESSAGE });
    if (isDeadlockVictim(error)) {
      // Logged: two writers that lock the same rows in different orders are worth knowing about.
      request.log.warn({ err: error }, 'deadlock: request rolled back');
      return reply.status(409).send({ message: CONCURRENT_CHANGE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code ?? ''] ?? error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseTooSlow(error)) {
      request.log.error({ err: error }, 'database statement timed out');
      return reply.status(503).send({ message: DATABASE_SLOW_MESSAGE });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: 'The database is unavailable. Please try again shortly.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or routed is answered before any hook
 * runs, so this handler gives it the `{ message }` body and the security headers itself. Fastify
 * builds that request without its trust-proxy getters, hence the forwarded protocol read here.
 */
export function frameworkErrorHandler(trustProxy: boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
      .split(',')
      .at(-1)
      ?.trim();
    applySecurityHeaders(reply, request.protocol === 'https' || (trustProxy && forwarded === 'https'));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
    }
    request.log.error({ err: error }, 'unexpected framework error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  };
}
