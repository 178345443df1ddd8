import { describe, expect, it } from 'vitest';
import { createRowEditQueue, type RowEdit } from './row-edit-queue';

type Row = { id: string; version: number; cost: number | null; supplier: string | null; total: number };

/** A conflict as the server reports it: the refusal carries the row as it is now. */
class Conflict extends Error {
  constructor(readonly row: Row) {
    super('Someone else changed this product');
  }
}

/** One sent edit, answered when the test says so. */
type Sent = {
  edit: RowEdit;
  version: number;
  answer: (row: Row) => void;
  refuse: (error: unknown) => void;
};

// A table of rows and a server whose answers the test gives by hand, in any order it likes.
function setup(initial: Row[]) {
  const table = new Map(initial.map((row) => [row.id, row]));
  const sent: Sent[] = [];
  const refusals: Array<{ error: unknown; edit: RowEdit }> = [];
  const queue = createRowEditQueue<Row>({
    readRow: (id) => table.get(id),
    writeRow: (row) => table.set(row.id, row),
    applyEdit: (row, { field, value }) => {
      const edited = { ...row, [field]: value };
      return { ...edited, total: (edited.cost ?? 0) * 2 };
    },
    send: (edit, version) =>
      new Promise<Row>((answer, refuse) => {
        sent.push({ edit, version, answer, refuse });
      }),
    conflictRow: (error) => (error instanceof Conflict ? error.row : undefined),
    onRefused: (error, edit) => refusals.push({ error, edit }),
  });
  return { table, sent, refusals, queue };
}

const row = (id: string, version: number, cost: number | null = 1, supplier: string | null = null): Row => ({
  id,
  version,
  cost,
  supplier,
  total: (cost ?? 0) * 2,
});

// What the server stores: the edit on top of the version it had, one version up.
const stored = (before: Row, { field, value }: RowEdit): Row => {
  const edited = { ...before, [field]: value, version: before.version + 1 };
  return { ...edited, total: (edited.cost ?? 0) * 2 };
};

describe('createRowEditQueue', () => {
  it('shows an edit in the table synchronously, before anything is answered', () => {
    const { table, queue, sent } = setup([row('a', 3)]);
    void queue.enqueue({ id: 'a', field: 'cost', value: 5 });
    expect(table.get('a')).toMatchObject({ cost: 5, total: 10, version: 3 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ edit: { field: 'cost', value: 5 }, version: 3 });
  });

  it("sends a row's second edit only after the first is answered, with the version that answer returned", async () => {
    const { table, queue, sent } = setup([row('a', 3)]);
    const first = queue.enqueue({ id: 'a', field: 'cost', value: 5 });
    const second = queue.enqueue({ id: 'a', field: 'supplier', value: 'Acme' });
    expect(sent).toHaveLength(1);
    expect(table.get('a')).toMatchObject({ cost: 5, supplier: 'Acme' });

    const afterFirst = stored(row('a', 3), sent[0]!.edit);
    sent[0]!.answer(afterFirst);
    expect(await first).toBe('saved');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ edit: { field: 'supplier', value: 'Acme' }, version: 4 });
    // The answered row with the edit still on its way: nothing the user typed disappears.
    expect(table.get('a')).toMatchObject({ version: 4, cost: 5, supplier: 'Acme' });

    sent[1]!.answer(stored(afterFirst, sent[1]!.edit));
    expect(await second).toBe('saved');
    expect(table.get('a')).toEqual({ id: 'a', version: 5, cost: 5, supplier: 'Acme', total: 10 });
  });

  it('chains any number of quick edits of one row, each on the previous answer', async () => {
    const { table, queue, sent } = setup([row('a', 1)]);
    const outcomes = [2, 3, 4, 5, 6].map((value) => queue.enqueue({ id: 'a', field: 'cost', value }));
    let server = row('a', 1);
    for (let index = 0; index < 5; index++) {
      expect(sent[index]!.version).toBe(server.version);
      server = stored(server, sent[index]!.edit);
      sent[index]!.answer(server);
      await outcomes[index];
    }
    expect(await Promise.all(outcomes)).toEqual(['saved', 'saved', 'saved', 'saved', 'saved']);
    expect(table.get('a')).toMatchObject({ version: 6, cost: 6, total: 12 });
  });

  it('counts the edits not yet answered, across rows, until each is saved or refused', async () => {
    const { queue, sent } = setup([row('a', 1), row('b', 1)]);
    expect(queue.unanswered()).toBe(0);
    const first = queue.enqueue({ id: 'a', field: 'cost', value: 2 });
    const second = queue.enqueue({ id: 'a', field: 'cost', value: 3 });
    const other = queue.enqueue({ id: 'b', field: 'cost', value: 4 });
    expect(queue.unanswered()).toBe(3);

    sent[0]!.answer(stored(row('a', 1), sent[0]!.edit));
    await first;
    expect(queue.unanswered()).toBe(2);
    // Sent so far: a's first edit, b's edit, then a's second once the first was answered.
    sent[2]!.refuse(new Error('Bad Request'));
    sent[1]!.answer(stored(row('b', 1), sent[1]!.edit));
    await Promise.all([second, other]);
    expect(queue.unanswered()).toBe(0);
  });

  it('sends edits of different rows without waiting for each other', () => {
    const { queue, sent } = setup([row('a', 1), row('b', 7)]);
    void queue.enqueue({ id: 'a', field: 'cost', value: 2 });
    void queue.enqueue({ id: 'b', field: 'cost', value: 3 });
    expect(sent.map(({ edit, version }) => [edit.id, version])).toEqual([
      ['a', 1],
      ['b', 7],
    ]);
  });

  it('takes a refused edit out of the row and still sends the edits behind it', async () => {
    const { table, queue, sent, refusals } = setup([row('a', 1, 1)]);
    const first = queue.enqueue({ id: 'a', field: 'cost', value: 9 });
    const second = queue.enqueue({ id: 'a', field: 'supplier', value: 'Acme' });
    const failure = new Error('network down');
    sent[0]!.refuse(failure);
    expect(await first).toBe('refused');
    expect(refusals).toEqual([{ error: failure, edit: { id: 'a', field: 'cost', value: 9 } }]);
    expect(table.get('a')).toMatchObject({ cost: 1, total: 2, supplier: 'Acme' });
    expect(sent[1]).toMatchObject({ edit: { field: 'supplier' }, version: 1 });

    sent[1]!.answer(stored(row('a', 1, 1), sent[1]!.edit));
    expect(await second).toBe('saved');
    expect(table.get('a')).toMatchObject({ version: 2, cost: 1, supplier: 'Acme' });
  });

  it("on a conflict shows the server's row and drops the edits queued behind the refused one", async () => {
    const { table, queue, sent, refusals } = setup([row('a', 1, 1)]);
    const first = queue.enqueue({ id: 'a', field: 'cost', value: 9 });
    const second = queue.enqueue({ id: 'a', field: 'supplier', value: 'Mine' });
    const theirs = row('a', 2, 40, 'Theirs');
    sent[0]!.refuse(new Conflict(theirs));
    expect(await first).toBe('refused');
    expect(await second).toBe('dropped');
    expect(table.get('a')).toEqual(theirs);
    expect(sent).toHaveLength(1);
    expect(refusals).toHaveLength(1);

    // The next edit starts from the row the conflict brought, with its version.
    void queue.enqueue({ id: 'a', field: 'cost', value: 41 });
    expect(sent[1]).toMatchObject({ edit: { value: 41 }, version: 2 });
    expect(table.get('a')).toMatchObject({ cost: 41, supplier: 'Theirs' });
  });

  it('starts from the table row again once a row has no edits on their way', async () => {
    const { table, queue, sent } = setup([row('a', 1)]);
    const first = queue.enqueue({ id: 'a', field: 'cost', value: 2 });
    sent[0]!.answer(stored(row('a', 1), sent[0]!.edit));
    await first;
    // A table refetch brought someone else's later change meanwhile.
    table.set('a', row('a', 8, 30));
    void queue.enqueue({ id: 'a', field: 'supplier', value: 'Acme' });
    expect(sent[1]!.version).toBe(8);
    expect(table.get('a')).toMatchObject({ cost: 30, supplier: 'Acme' });
  });

  it('drops an edit of a row the table no longer holds', async () => {
    const { queue, sent } = setup([row('a', 1)]);
    expect(await queue.enqueue({ id: 'gone', field: 'cost', value: 2 })).toBe('dropped');
    expect(sent).toHaveLength(0);
  });

  describe('startFetch: a table answer that was on its way while edits were made', () => {
    it('keeps an edit still on its way over the late answer, and every other row as answered', () => {
      const { queue } = setup([row('a', 1), row('b', 1)]);
      const land = queue.startFetch();
      void queue.enqueue({ id: 'a', field: 'cost', value: 5 });
      const late = [row('a', 1), row('b', 2, 7)];
      expect(land(late)).toEqual([{ ...row('a', 1), cost: 5, total: 10 }, row('b', 2, 7)]);
    });

    it('keeps the saved row when the answer was read before the edit was stored', async () => {
      const { queue, sent } = setup([row('a', 1)]);
      const land = queue.startFetch();
      const saved = queue.enqueue({ id: 'a', field: 'cost', value: 5 });
      sent[0]!.answer(stored(row('a', 1), sent[0]!.edit));
      await saved;
      expect(land([row('a', 1)])).toEqual([{ ...row('a', 2), cost: 5, total: 10 }]);
    });

    it("takes a fetched row that is newer than the edit's answer, and trusts fetches started after it", async () => {
      const { queue, sent } = setup([row('a', 1)]);
      const land = queue.startFetch();
      const saved = queue.enqueue({ id: 'a', field: 'cost', value: 5 });
      sent[0]!.answer(stored(row('a', 1), sent[0]!.edit));
      await saved;
      // Someone else changed it again before the table was read.
      expect(land([row('a', 4, 9)])).toEqual([row('a', 4, 9)]);
      // A later fetch (after an undone import, say) is the truth even with a lower version.
      expect(queue.startFetch()([row('a', 1, 3)])).toEqual([row('a', 1, 3)]);
    });

    it('keeps an answer for a slower fetch that started before it, after a quicker one landed', async () => {
      const { queue, sent } = setup([row('a', 1)]);
      const whole = queue.startFetch();
      const saved = queue.enqueue({ id: 'a', field: 'cost', value: 5 });
      sent[0]!.answer(stored(row('a', 1), sent[0]!.edit));
      await saved;
      const firstScreenful = queue.startFetch();
      expect(firstScreenful([row('a', 2, 5)])).toEqual([row('a', 2, 5)]);
      expect(whole([row('a', 1)])).toEqual([row('a', 2, 5)]);
    });

    it('answers the same array when nothing was edited', () => {
      const { queue } = setup([row('a', 1)]);
      const fetched = [row('a', 1)];
      expect(queue.startFetch()(fetched)).toBe(fetched);
    });
  });
});
