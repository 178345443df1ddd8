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

// Two small made-up columns ranked as the worker starts, while the table is still on its way:
// the table's first columns are then ranked by optimised code (at 100,000 rows the first two
// took 35 and 55-100 ms cold, 3-15 ms after this, which itself takes about 30 ms).
for (const warmUp of [(row: number) => (row % 3 === 0 ? Number.NaN : row % 500), (row: number) => row / 7]) {
  for (let pass = 0; pass < 2; pass++) {
    rankTableNumbers(
      '',
      null,
      Float64Array.from({ length: 16_384 }, (_, row) => warmUp((row * 7_919) % 100_003)),
    );
  }
}

scope.onmessage = (event) => {
  const { id, field, nullsAs, numbers } = event.data;
  const key = rankTableNumbers(field, nullsAs, numbers);
  scope.postMessage({ id, key }, [key.ranks.buffer]);
};
