import type { FastifyError, FastifyInstance } from 'fastify';

/** An error the user can act on: its message goes to the client as `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
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
};

const isDatabaseDown = (error: { code?: string }) =>
  ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(error.code ?? '') ||
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/.test(String(error));

/** Every error answers `{ message }`: 4xx with a message the user can act on, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code ?? ''] ?? error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: 'The database is unavailable. Please try again shortly.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
}
