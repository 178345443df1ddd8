import { firstInProductOrder, orderTies, tiedRows } from '../../core/restock/first-rows';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import type { Db } from '../db/pool';
import type { HeavyWorkGate } from '../http/heavy-work';
import type { AnswerCache } from './answer-cache';
import { findFirstRowsState, pruneProductChanges } from './product-changes';
import { listInMskuOrder, listProductTitles, listProductValuesOf } from './queries';
import { compactRowFromValues, MSKU_INDEX, TABLE_ROW_KEYS } from './table-rows';

type Deps = { db: Db; answers: AnswerCache; runHeavy: HeavyWorkGate };

/**
 * The database server and the snapshot a kept first screenful was read after: its key's second and
 * third lines. Transaction ids start again on another server (a failover, a restored backup), so a
 * snapshot holds only on the server it was taken on.
 */
export function keptSnapshot(key: string | undefined): { server: string; snapshot: string } | null {
  const [, server, snapshot] = key?.split('\n') ?? [];
  return server === undefined || snapshot === undefined ? null : { server, snapshot };
}

/** The kept snapshot while it holds, on the server it was taken on; else this read's own. */
export function snapshotToKeep(
  kept: { server: string; snapshot: string } | null,
  now: { changed: boolean; server: string; snapshot: string },
): { snapshot: string; holds: boolean } {
  const holds = kept !== null && !now.changed && kept.server === now.server;
  return { snapshot: holds ? kept.snapshot : now.snapshot, holds };
}

/**
 * The first `limit` rows in the default order, with the table's size, as the compact shape's
 * JSON: the grid paints them while the whole table is on its way. A few kilobytes, so kept
 * whatever the table's size, under the snapshot it was read after (`findFirstRowsState`): checking
 * that it still holds reads the account's recent change rows, not every product.
 *
 * Which rows come first is kept apart, under the snapshot it was found after: finding it reads
 * every product's title (at a million products 1.2-1.5 s), while an edit of any other field, the
 * common write, leaves it as it was; then only the listed rows' values are read again.
 */
export async function firstRowsAnswer(
  deps: Deps,
  accountId: string,
  limit: number,
  day: string,
): Promise<Buffer> {
  const { db, answers, runHeavy } = deps;
  const slot = `first ${limit}`;
  const orderSlot = `order ${limit}`;
  const kept = keptSnapshot(answers.latestKey(accountId, slot));
  const keptOrder = keptSnapshot(answers.latestKey(accountId, orderSlot));
  const state = await findFirstRowsState(db, accountId, {
    answer: kept?.snapshot ?? null,
    order: keptOrder?.snapshot ?? null,
  });
  const { snapshot, holds } = snapshotToKeep(kept, state);
  const order = snapshotToKeep(keptOrder, { ...state, changed: state.reordered });
  const context = [day, state.forecastGeneration, JSON.stringify(state.defaults)].join(' ');
  return answers.get(accountId, `${slot}\n${state.server}\n${snapshot}\n${context}`, () =>
    runHeavy(accountId, async () => {
      // Past KEPT_PRODUCT_CHANGES rows of a kind only. A kept order older than this snapshot still
      // holds unless reordering rows went too: at most once every so many inserts or renames.
      if (!holds) await pruneProductChanges(db, accountId, snapshot);
      const { mskus, total } = await answers
        .get(accountId, `${orderSlot}\n${state.server}\n${order.snapshot}`, async () =>
          Buffer.from(JSON.stringify(await firstOrder(db, accountId, limit)), 'utf8'),
        )
        .then((bytes) => JSON.parse(bytes.toString('utf8')) as FirstOrder);
      const place = new Map(mskus.map((msku, index) => [msku, index]));
      const values = await listProductValuesOf(db, accountId, mskus);
      values.sort((a, b) => place.get(a[MSKU_INDEX] as string)! - place.get(b[MSKU_INDEX] as string)!);
      const defaults = calculationDefaultsFrom(state.defaults);
      const rows = values.map((row) => compactRowFromValues(row, defaults, day));
      return Buffer.from(JSON.stringify({ keys: TABLE_ROW_KEYS, rows, total }), 'utf8');
    }),
  );
}

type FirstOrder = { mskus: string[]; total: number };

/** The mskus of the first `limit` rows in the default order, and how many products there are. */
async function firstOrder(db: Db, accountId: string, limit: number): Promise<FirstOrder> {
  const titles = await listProductTitles(db, accountId);
  const rows = titles.map(([msku, title]) => ({ msku, title }));
  return { mskus: await firstMskus(db, accountId, rows, limit), total: titles.length };
}

/**
 * The mskus of the first `limit` rows of the default order among `rows` read in no order: rows
 * the collator ties on title and msku ("Mug"/"mug", "SKU-1"/"sku-1") come in the whole table's
 * order, the database's msku order, which is asked for those rows only.
 */
export async function firstMskus(
  db: Db,
  accountId: string,
  rows: ReadonlyArray<{ msku: string; title: string | null }>,
  limit: number,
): Promise<string[]> {
  let first = firstInProductOrder(rows, limit, { withTiesOfLast: true });
  const tied = tiedRows(first).map((row) => row.msku);
  if (tied.length > 0) {
    const place = new Map((await listInMskuOrder(db, accountId, tied)).map((msku, index) => [msku, index]));
    // A product deleted since its title was read goes after its ties (it is left out below).
    first = orderTies(first, (row) => place.get(row.msku) ?? Number.MAX_SAFE_INTEGER);
  }
  return first.slice(0, limit).map((row) => row.msku);
}
