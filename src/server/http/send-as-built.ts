import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ClientGoneError } from './errors';

/**
 * Sends an answer as `build` makes it, piece by piece, so that the bytes travel while the rest is
 * made (a million-row table is 300 MB: sent after it was built, it took another 5-6 s to reach
 * the browser). The status and headers go with the first piece: an error before it (a refused
 * turn, a failed read) answers as any other, with its status and message. An error after it cuts
 * the connection, so the client sees a failed read and never a short answer taken for whole.
 *
 * Pieces are queued without waiting for the client: a slow reader never holds the build, its
 * transaction and its turn (the answer was all in memory before too).
 */
export async function sendAsBuilt(
  reply: FastifyReply,
  build: (write: (piece: string) => void) => Promise<void>,
): Promise<FastifyReply> {
  const body = new PassThrough();
  // Fastify listens once it sends the stream; a failure in the moment before must not crash.
  body.on('error', () => {});
  let started: (() => void) | null = null;
  const firstPiece = new Promise<void>((resolve) => {
    started = resolve;
  });
  const built = build((piece) => {
    // Destroyed when the client went away: the build stops at its next check.
    if (!body.destroyed) body.write(piece);
    started?.();
    started = null;
  }).then(
    () => {
      body.end();
    },
    (error: unknown) => {
      // Before the first piece nobody listens to the stream yet: the error is answered instead.
      if (started) {
        body.destroy();
        throw error;
      }
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      // The error handler never sees it, and the access log says 200: said here, as it would.
      if (!(error instanceof ClientGoneError)) {
        reply.log.error({ err: error }, 'answer cut off after its first piece');
      }
      throw error;
    },
  );
  // Failed before its first piece: thrown here, answered by the error handler. Failed after it:
  // the stream's error ends the connection (the race handles the rejection either way).
  await Promise.race([firstPiece, built]);
  return reply.send(body);
}
