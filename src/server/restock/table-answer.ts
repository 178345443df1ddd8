import type { Db } from '../db/pool';
import { type AnswerCache, CACHED_TABLE_PRODUCTS } from './answer-cache';
import { keptSnapshot, snapshotToKeep } from './first-rows-answer';
import { findFirstRowsState } from './product-changes';
import type { NamedQueryable } from './queries';

/** What a whole table's answer is derived with, read before any of its rows. */
export type TableState = Awaited<ReturnType<typeof findFirstRowsState>>;

/**
 * The state a whole-table read needs, and the answer kept for it when the account is small enough
 * to keep one (CACHED_TABLE_PRODUCTS): kept under the snapshot it was read after, as the first
 * screenful is, so checking that it still holds reads the account's recent change rows
 * (`findFirstRowsState`) instead of aggregating every product. The products are counted only when
 * something changed since (a table that changed nothing kept its size). `kept` is null for a
 * larger table, whose answer is built for each read.
 */
export async function keptTableAnswer(
  db: Db,
  answers: AnswerCache,
  accountId: string,
  shape: string,
  day: string,
  build: (state: TableState) => Promise<Buffer>,
): Promise<{ state: TableState; kept: Promise<Buffer> | null }> {
  const slot = `table ${shape}`;
  const keptAnswer = keptSnapshot(answers.latestKey(accountId, slot));
  const state = await findFirstRowsState(db, accountId, {
    answer: keptAnswer?.snapshot ?? null,
    order: null,
  });
  const { snapshot, holds } = snapshotToKeep(keptAnswer, state);
  if (!holds && !(await isSmallTable(db, accountId))) return { state, kept: null };
  const context = [day, state.forecastGeneration, JSON.stringify(state.defaults)].join(' ');
  return {
    state,
    kept: answers.get(accountId, `${slot}\n${state.server}\n${snapshot}\n${context}`, () => build(state)),
  };
}

async function isSmallTable(db: Db, accountId: string): Promise<boolean> {
  const result = await (db as unknown as NamedQueryable).$client.query<{ small: boolean }>({
    name: 'restock-table-is-small',
    text: `SELECT count(*) <= $2 AS small
           FROM (SELECT 1 FROM products WHERE account_id = $1 LIMIT $2::bigint + 1) AS capped`,
    values: [accountId, CACHED_TABLE_PRODUCTS],
  });
  return result.rows[0]!.small;
}
