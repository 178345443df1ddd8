import { firstInProductOrder } from '../../core/restock/first-rows';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import type { Db } from '../db/pool';
import type { HeavyWorkGate } from '../http/heavy-work';
import type { AnswerCache } from './answer-cache';
import { findFirstRowsState, pruneProductChanges } from './product-changes';
import { listProductTitles, listProductValuesOf } from './queries';
import { compactRowFromValues, MSKU_INDEX, TABLE_ROW_KEYS } from './table-rows';

type Deps = { db: Db; answers: AnswerCache; runHeavy: HeavyWorkGate };

/**
 * The first `limit` rows in the default order, with the table's size, as the compact shape's
 * JSON: the grid paints them while the whole table is on its way. A few kilobytes, so kept
 * whatever the table's size, under the snapshot it was read after (`findFirstRowsState`): checking
 * that it still holds reads the account's recent change rows, not every product.
 */
export async function firstRowsAnswer(
  deps: Deps,
  accountId: string,
  limit: number,
  day: string,
): Promise<Buffer> {
  const { db, answers, runHeavy } = deps;
  const slot = `first ${limit}`;
  // The key's second line is the snapshot its answer was read after.
  const kept = answers.latestKey(accountId, slot)?.split('\n')[1] ?? null;
  const state = await findFirstRowsState(db, accountId, kept);
  const snapshot = state.changed || kept === null ? state.snapshot : kept;
  const context = [day, state.server, state.forecastGeneration, JSON.stringify(state.defaults)].join(' ');
  return answers.get(accountId, `${slot}\n${snapshot}\n${context}`, () =>
    runHeavy(accountId, async () => {
      if (state.changed) await pruneProductChanges(db, accountId, snapshot);
      const titles = await listProductTitles(db, accountId);
      const first = firstInProductOrder(
        titles.map(([msku, title]) => ({ msku, title })),
        limit,
      ).map((row) => row.msku);
      const place = new Map(first.map((msku, index) => [msku, index]));
      const values = await listProductValuesOf(db, accountId, first);
      values.sort((a, b) => place.get(a[MSKU_INDEX] as string)! - place.get(b[MSKU_INDEX] as string)!);
      const defaults = calculationDefaultsFrom(state.defaults);
      const rows = values.map((row) => compactRowFromValues(row, defaults, day));
      return Buffer.from(JSON.stringify({ keys: TABLE_ROW_KEYS, rows, total: titles.length }), 'utf8');
    }),
  );
}
