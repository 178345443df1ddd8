import { type RankedKey, rankTableNumbers } from '../../../core/restock/table-index';

/** A number key to rank: its id in the table index, and a copy of its field's decoded numbers. */
export type RankJob = { id: string; field: string; nullsAs: number | null; numbers: Float64Array };
export type RankedJob = { id: string; key: RankedKey };

// Ranks number columns off the page's thread, one message per column, so that each copy is
// let go once ranked; each key goes back as soon as it is ranked.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RankJob>) => void) | null;
  postMessage: (message: RankedJob, transfer: Transferable[]) => void;
};

scope.onmessage = (event) => {
  const { id, field, nullsAs, numbers } = event.data;
  const key = rankTableNumbers(field, nullsAs, numbers);
  scope.postMessage({ id, key }, [key.ranks.buffer]);
};
