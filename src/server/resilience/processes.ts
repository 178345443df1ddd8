import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where `node --import tsx` resolves tsx from node_modules. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Polls `check` until it answers a truthy value; fails with `what` at the deadline. Never a fixed sleep. */
export async function pollUntil<T>(
  check: () => Promise<T> | T,
  { timeoutMs, what, everyMs = 50 }: { timeoutMs: number; what: string; everyMs?: number },
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export type NodeChild = {
  child: ChildProcess;
  /** Everything the child wrote so far, stdout and stderr interleaved. */
  output: () => string;
  /** Resolves on the first stdout line that passes `match`. */
  waitForLine: (match: (line: string) => boolean, timeoutMs: number) => Promise<string>;
  /** Resolves with the exit code (or the signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning: () => boolean;
};

/** Starts `node --import tsx <entry>` from the repository root with `env` on top of a clean copy. */
export function spawnNode(entry: string, env: Record<string, string | undefined>): NodeChild {
  return spawnCommand(process.execPath, ['--import', 'tsx', entry], env);
}

/** Starts `command args` from the repository root with `env` on top of a clean copy (`npm start`, the build). */
export function spawnCommand(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
): NodeChild {
  const entry = [command, ...args].join(' ');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // The child chooses its database from its own env only.
  delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdoutTail = '';
  const lineWaiters: Array<{ match: (line: string) => boolean; resolve: (line: string) => void }> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    stdoutTail += text;
    const lines = stdoutTail.split('\n');
    stdoutTail = lines.pop() ?? '';
    for (const line of lines) {
      for (const waiter of [...lineWaiters]) {
        if (waiter.match(line)) {
          lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    });
  });
  return {
    child,
    output: () => output,
    exited,
    isRunning: () => running,
    waitForLine: (match, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`No matching line from ${entry} within ${timeoutMs} ms. Output:\n${output}`));
        }, timeoutMs);
        const done = (line: string) => {
          clearTimeout(timer);
          resolve(line);
        };
        lineWaiters.push({ match, resolve: done });
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`${entry} exited (${code ?? signal}) before the line. Output:\n${output}`));
        });
      }),
  };
}

/** The child's exit, or an error (with its output) if it still runs after `timeoutMs`. */
export async function exitWithin(node: NodeChild, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Still running after ${timeoutMs} ms. Output:\n${node.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([node.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs a child we started (by its pid) and waits until it is gone. */
export async function killChild(node: NodeChild, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!node.isRunning()) return;
  node.child.kill(signal);
  await node.exited;
}

/** Whether `pid` runs: it exists and is not a zombie waiting to be reaped by its new parent. */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/**
 * The postmaster pids serving `<dataDir>/pg`, read from /proc (Linux): only the postmaster carries
 * `-D <folder>` on its command line; its workers die with it.
 */
export async function postgresPidsOf(dataDir: string): Promise<number[]> {
  const pgDir = path.join(dataDir, 'pg');
  const entries = await fs.readdir('/proc');
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    const dataIndex = args.indexOf('-D');
    if (dataIndex >= 0 && path.basename(args[0] ?? '') === 'postgres' && args[dataIndex + 1] === pgDir) {
      pids.push(Number(entry));
    }
  }
  return pids;
}

/** The parent pid of a process, from /proc/<pid>/stat. */
export async function parentPidOf(pid: number): Promise<number | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Signals a process that may have exited meanwhile (ESRCH is then the outcome wanted anyway). */
export function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Clean-up after a failed test: fast-stops (SIGINT) every postgres of `dataDir` and waits for it. */
export async function stopPostgresOf(dataDir: string): Promise<void> {
  const pids = await postgresPidsOf(dataDir);
  for (const pid of pids) signalIfAlive(pid, 'SIGINT');
  await pollUntil(async () => (await Promise.all(pids.map(isRunning))).every((running) => !running), {
    timeoutMs: 15_000,
    what: `the postgres of ${dataDir} to stop`,
  });
}
