import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { NOT_CONNECTED_MESSAGE } from '../../core/marketplace/connection';
import { findMarketplace } from '../../core/marketplace/marketplaces';
import {
  overallState,
  queuedSteps,
  SYNC_KINDS,
  SYNC_RUNNING_MESSAGE,
  type SyncKind,
  type SyncStep,
  type SyncView,
} from '../../core/marketplace/sync';
import { postgresErrorCode } from '../db/errors';
import type { Db } from '../db/pool';
import { marketplaceSyncs } from '../db/schema';
import { conflict } from '../http/errors';
import { loadConnection, pauseConnection } from './connection';
import type { PollOptions } from './reports';
import type { SecretBox } from './secret-box';
import { type ClientOptions, createSpApiClient, SpApiError } from './sp-api-client';
import { STEP_FUNCTIONS } from './steps';

export type SyncDeps = {
  db: Db;
  box: SecretBox;
  now: () => number;
  /** Client settings beyond the connection's (the testing endpoint, timeouts, back-off). */
  client: Omit<ClientOptions, 'region' | 'credentials'>;
  poll: PollOptions;
  /** Where a step's unexpected failure is reported (never with secrets: errors carry none). */
  logError: (error: unknown, message: string) => void;
};

const UNIQUE_VIOLATION = '23505';
const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;
const UNEXPECTED_MESSAGE = 'The step failed unexpectedly; it will be tried again at the next sync.';

type SyncRow = typeof marketplaceSyncs.$inferSelect;

const viewOf = (row: SyncRow): SyncView => ({
  syncId: row.id,
  state: row.state,
  trigger: row.trigger,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  steps: row.steps as SyncStep[],
});

/**
 * Queues a sync of the account (all steps, or the stock only): 409 when it is not connected or a
 * sync already waits or runs. Whoever queues it then has it run (the sync job, or the schedule).
 */
export async function queueSync(
  deps: SyncDeps,
  accountId: string,
  trigger: 'manual' | 'schedule',
  kind: SyncKind = 'full',
): Promise<string> {
  const connection = await loadConnection(deps.db, deps.box, accountId);
  if (!connection) throw conflict(NOT_CONNECTED_MESSAGE);
  try {
    const [row] = await deps.db
      .insert(marketplaceSyncs)
      // created_at is the database's clock: it orders an account's syncs.
      .values({ accountId, trigger, state: 'queued', steps: queuedSteps(SYNC_KINDS[kind]) })
      .returning({ id: marketplaceSyncs.id });
    return row!.id;
  } catch (error) {
    if (
      postgresErrorCode(error) === UNIQUE_VIOLATION ||
      postgresErrorCode((error as { cause?: unknown }).cause) === UNIQUE_VIOLATION
    ) {
      throw conflict(SYNC_RUNNING_MESSAGE);
    }
    throw error;
  }
}

/** Removes a sync that was queued but could not be handed to a runner. */
export async function dropQueuedSync(db: Db, syncId: string): Promise<void> {
  await db
    .delete(marketplaceSyncs)
    .where(and(eq(marketplaceSyncs.id, syncId), eq(marketplaceSyncs.state, 'queued')));
}

/** A full sync has the listings step; a stock-only one has not. */
const FULL_SYNC_MARK = JSON.stringify([{ name: 'listings' }]);

const latestSync = async (db: Db, accountId: string, onlyFull: boolean) => {
  const [row] = await db
    .select()
    .from(marketplaceSyncs)
    .where(
      and(
        eq(marketplaceSyncs.accountId, accountId),
        onlyFull ? sql`${marketplaceSyncs.steps} @> ${FULL_SYNC_MARK}::jsonb` : undefined,
      ),
    )
    .orderBy(desc(marketplaceSyncs.createdAt))
    .limit(1);
  return row ?? null;
};

/**
 * The account's running sync, else its latest one, else null. A stock-only sync carries the last
 * full sync beside it.
 */
export async function currentSync(db: Db, accountId: string): Promise<SyncView | null> {
  const row = await latestSync(db, accountId, false);
  if (!row) return null;
  const view = viewOf(row);
  if ((row.steps as SyncStep[]).some((step) => step.name === 'listings')) return view;
  const full = await latestSync(db, accountId, true);
  return { ...view, lastFullSync: full ? viewOf(full) : null };
}

async function saveSteps(deps: SyncDeps, syncId: string, steps: SyncStep[], finished: boolean) {
  const state = overallState(steps);
  const at = new Date(deps.now());
  await deps.db
    .update(marketplaceSyncs)
    .set({ steps, state, ...(finished ? { finishedAt: at } : {}) })
    .where(eq(marketplaceSyncs.id, syncId));
}

const LOCK_KEY = "hashtextextended('replen.sync:' || $1, 0)";

/** Thrown between steps when the app stops: the sync stays unfinished and is resumed later. */
export class SyncInterrupted extends Error {
  constructor() {
    super('The app stopped during the sync; it resumes where it stopped.');
  }
}

/**
 * Runs the steps of a queued or interrupted sync that are not done yet, in order. The sync's own
 * session lock makes sure one app copy runs it: another copy that picks it up returns at once.
 * Steps already done by a copy that was killed are not run again; a step it stopped half-way wrote
 * nothing (its transaction), so it simply runs again. Answers false when another copy holds it.
 * When `signal` is aborted (the app stops) it throws `SyncInterrupted` before the next step.
 */
export async function runSync(deps: SyncDeps, syncId: string, signal?: AbortSignal): Promise<boolean> {
  const lockClient = await pool(deps.db).connect();
  let lockTaken = false;
  try {
    const taken = await lockClient.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY}) AS ok`, [
      syncId,
    ]);
    lockTaken = taken.rows[0]!.ok;
    if (!lockTaken) return false;
    const [row] = await deps.db
      .select()
      .from(marketplaceSyncs)
      .where(and(eq(marketplaceSyncs.id, syncId), inArray(marketplaceSyncs.state, ['queued', 'running'])));
    if (!row) return false;
    await runSteps(deps, row, signal);
    return true;
  } finally {
    if (lockTaken) await lockClient.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [syncId]).catch(() => {});
    lockClient.release();
  }
}

async function runSteps(deps: SyncDeps, row: SyncRow, signal: AbortSignal | undefined) {
  const steps = (row.steps as SyncStep[]).map((step) => ({ ...step }));
  // A step marked running by a copy that died is simply run again.
  for (const step of steps) if (step.state === 'running') step.state = 'queued';
  await deps.db
    .update(marketplaceSyncs)
    .set({ state: 'running', startedAt: row.startedAt ?? new Date(deps.now()) })
    .where(eq(marketplaceSyncs.id, row.id));

  const fail = async (message: string) => {
    for (const step of steps)
      if (step.state !== 'done') Object.assign(step, { state: 'failed', error: message });
    await saveSteps(deps, row.id, steps, true);
  };
  const connection = await loadConnection(deps.db, deps.box, row.accountId).catch(() => null);
  const marketplace = connection && findMarketplace(connection.marketplaceId);
  if (!connection || !marketplace) return fail(NOT_CONNECTED_MESSAGE);
  const client = createSpApiClient({
    ...deps.client,
    region: connection.region,
    credentials: connection.credentials,
  });
  const context = {
    db: deps.db,
    accountId: row.accountId,
    client,
    marketplace,
    poll: deps.poll,
    now: deps.now,
  };

  for (const step of steps) {
    if (step.state === 'done') continue;
    if (signal?.aborted) throw new SyncInterrupted();
    step.state = 'running';
    step.error = null;
    await saveSteps(deps, row.id, steps, false);
    const started = Date.now();
    try {
      const result = await STEP_FUNCTIONS[step.name](context);
      Object.assign(step, { state: 'done', rows: result.rows, created: result.created });
    } catch (error) {
      const message = error instanceof SpApiError ? error.message : UNEXPECTED_MESSAGE;
      if (!(error instanceof SpApiError)) deps.logError(error, `marketplace sync step ${step.name} failed`);
      Object.assign(step, { state: 'failed', error: message });
      // Amazon refused the credentials: no later step can succeed, and the schedule stops.
      if (error instanceof SpApiError && (error.kind === 'revoked' || error.kind === 'credentials')) {
        step.durationMs = Date.now() - started;
        if (error.kind === 'revoked') await pauseConnection(deps.db, row.accountId, error.message);
        return fail(error.message);
      }
    }
    step.durationMs = Date.now() - started;
    await saveSteps(deps, row.id, steps, false);
  }
  await saveSteps(deps, row.id, steps, true);
}

/**
 * Syncs waiting or left unfinished (of one account, or of all), oldest first, with their account.
 * A sync whose copy is still at it answers false from `runSync`; the others resume where they stopped.
 */
export async function unfinishedSyncs(
  db: Db,
  accountId?: string,
): Promise<{ syncId: string; accountId: string }[]> {
  const unfinished = inArray(marketplaceSyncs.state, ['queued', 'running']);
  return db
    .select({ syncId: marketplaceSyncs.id, accountId: marketplaceSyncs.accountId })
    .from(marketplaceSyncs)
    .where(accountId ? and(unfinished, eq(marketplaceSyncs.accountId, accountId)) : unfinished)
    .orderBy(marketplaceSyncs.createdAt);
}
