import { ascendingOrder, type RankedKey, rankTableNumbers } from '../../../core/restock/table-index';

/** A number key to rank: its id in the table index, and a copy of its field's decoded numbers. */
export type RankJob = { id: string; field: string; nullsAs: number | null; numbers: Float64Array };
export type RankedJob = { id: string; key: RankedKey; ascending?: Uint32Array };

/**
 * Tables of up to this many rows get each column's ascending order with its ranks: a click on the
 * column then sorts nothing on the page's thread. Four bytes a row a column: at most 1 MB a column
 * here, where a million rows would hold 4 MB more for each.
 */
const ORDERED_ASIDE_UP_TO = 250_000;

// Ranks number columns off the page's thread, one message per column, so that each copy is
// let go once ranked; each key goes back as soon as it is ranked, with its order.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RankJob>) => void) | null;
  postMessage: (message: RankedJob, transfer: Transferable[]) => void;
};

scope.onmessage = (event) => {
  const { id, field, nullsAs, numbers } = event.data;
  const key = rankTableNumbers(field, nullsAs, numbers);
  // A number key's values are a typed array (`rankTableNumbers`): sent without a copy, and never
  // one boxed number per decimal on the page.
  const buffers = [key.ranks.buffer, key.values.buffer];
  if (numbers.length > ORDERED_ASIDE_UP_TO) {
    scope.postMessage({ id, key }, buffers);
    return;
  }
  const ascending = ascendingOrder(key);
  scope.postMessage({ id, key, ascending }, [...buffers, ascending.buffer]);
};
