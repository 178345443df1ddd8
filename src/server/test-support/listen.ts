import type { FastifyInstance } from 'fastify';

/** Starts `app` on a free port of 127.0.0.1; answers the address of a path on it. */
export async function listenLocally(app: FastifyInstance): Promise<(path: string) => string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return (path) => `http://127.0.0.1:${port}${path}`;
}
