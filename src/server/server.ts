import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { loadJwtSecret } from './jwt-secret';

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

/** Opens the database (embedded or DATABASE_URL), migrates, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const started = Date.now();
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: database.db,
      jwtSecret,
      limits: config.limits,
      trustProxy: config.trustProxy,
      logLevel: config.logLevel,
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  let stopped: Promise<void> | null = null;
  return {
    app,
    url: `http://${config.host}:${config.port}`,
    startupMs: Date.now() - started,
    stop: () => {
      stopped ??= closeAfterRequestsInFlight(app).then(() => database.close());
      return stopped;
    },
  };
}
