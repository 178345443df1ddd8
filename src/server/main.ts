import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { loadJwtSecret } from './jwt-secret';

async function main() {
  const config = loadConfig();
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    db: database.db,
    jwtSecret,
    limits: config.limits,
    trustProxy: config.trustProxy,
    logLevel: config.logLevel,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'the PostgreSQL server at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  app.log.info(
    `Replen is ready on http://${config.host}:${config.port} using ${where} (${Date.now() - started} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error(`Replen could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
