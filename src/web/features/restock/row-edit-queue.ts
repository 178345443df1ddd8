/** One cell edit: the row, the field its grid column holds, and the field's new value. */
export type RowEdit = { id: string; field: string; value: unknown };

/** What became of one edit: saved, refused by the server, or dropped after a conflict before it. */
export type EditOutcome = 'saved' | 'refused' | 'dropped';

type VersionedRow = { id: string; version: number };

export type RowEditQueueDeps<R extends VersionedRow> = {
  /** The row as the table shows it now. */
  readRow: (id: string) => R | undefined;
  /** Puts a row (found by its id) in the table in place of the one shown. */
  writeRow: (row: R) => void;
  /** The row with one edit applied, as the user sees it before the server answers. */
  applyEdit: (row: R, edit: RowEdit) => R;
  /** Sends one edit with If-Match `version`; resolves with the row the server stored. */
  send: (edit: RowEdit, version: number) => Promise<R>;
  /** The server's current row when a refusal says someone else changed it (a 412), else undefined. */
  conflictRow: (error: unknown) => R | undefined;
  /** Tells the user about a refused edit, after the row shows the server's values again. */
  onRefused: (error: unknown, edit: RowEdit) => void;
};

type Queued = { edit: RowEdit; settle: (outcome: EditOutcome) => void };

/** A row with edits on their way: the last row the server confirmed, and the edits not yet answered. */
type RowState<R> = { confirmed: R; queue: Queued[] };

export type RowEditQueue = {
  /** Shows the edit at once (synchronously) and sends it when the row's earlier edits are answered. */
  enqueue: (edit: RowEdit) => Promise<EditOutcome>;
  /** How many edits are shown but not yet answered by the server. */
  unanswered: () => number;
};

export type ReconcilingRowEditQueue<R> = RowEditQueue & {
  /**
   * Called as a table fetch starts; the function it returns takes that fetch's rows and answers
   * them with each row edited meanwhile as this tab knows it: shown with its unanswered edits, or
   * the row an answer to an edit returned after the fetch started, unless the fetched row is newer.
   * A late table answer never undoes an edit. A fetch that fails lands no rows (`[]`).
   */
  startFetch: () => (fetched: R[]) => R[];
};

/**
 * Edits of one row are sent one at a time, each with If-Match set to the version the previous
 * answer returned, so a seller's own quick edits never look like someone else's (412). Edits of
 * different rows go out independently. The table shows the confirmed row with the unanswered
 * edits applied on top; a refusal takes its edit out of that, and a conflict (someone else really
 * changed the row) also drops the edits queued behind it: they were made on a view that is gone.
 */
export function createRowEditQueue<R extends VersionedRow>(
  deps: RowEditQueueDeps<R>,
): ReconcilingRowEditQueue<R> {
  const rows = new Map<string, RowState<R>>();
  // The rows the server answered to edits, each with when (a count of events): a table fetch
  // started before an answer may hold the row as it was before that edit.
  const answered = new Map<string, { row: R; at: number }>();
  let clock = 0;
  // When each table fetch on its way started.
  const inFlight = new Set<number>();
  const remember = (row: R) => answered.set(row.id, { row, at: ++clock });

  const shown = (state: RowState<R>) =>
    state.queue.reduce((row, { edit }) => deps.applyEdit(row, edit), state.confirmed);

  function sendFirst(id: string, state: RowState<R>): void {
    const first = state.queue[0];
    if (first === undefined) {
      rows.delete(id);
      return;
    }
    deps.send(first.edit, state.confirmed.version).then(
      (stored) => {
        state.confirmed = stored;
        remember(stored);
        state.queue.shift();
        deps.writeRow(shown(state));
        first.settle('saved');
        sendFirst(id, state);
      },
      (error: unknown) => {
        const latest = deps.conflictRow(error);
        state.queue.shift();
        let dropped: Queued[] = [];
        if (latest !== undefined) {
          state.confirmed = latest;
          remember(latest);
          dropped = state.queue;
          state.queue = [];
        }
        deps.writeRow(shown(state));
        deps.onRefused(error, first.edit);
        first.settle('refused');
        for (const queued of dropped) queued.settle('dropped');
        sendFirst(id, state);
      },
    );
  }

  function reconcileRow(fetched: R, startedAt: number): R {
    const state = rows.get(fetched.id);
    if (state !== undefined) return shown(state);
    const known = answered.get(fetched.id);
    if (known === undefined || known.at <= startedAt) return fetched;
    return known.row.version > fetched.version ? known.row : fetched;
  }

  return {
    startFetch() {
      const startedAt = ++clock;
      inFlight.add(startedAt);
      return (fetched) => {
        inFlight.delete(startedAt);
        const reconciled =
          rows.size === 0 && answered.size === 0
            ? fetched
            : fetched.map((row) => reconcileRow(row, startedAt));
        // Answers older than every fetch still on its way are in what those fetches bring.
        let oldest = startedAt + 1;
        for (const at of inFlight) oldest = Math.min(oldest, at);
        for (const [id, { at }] of answered) if (at < oldest) answered.delete(id);
        return reconciled;
      };
    },
    unanswered: () => {
      let count = 0;
      for (const state of rows.values()) count += state.queue.length;
      return count;
    },
    enqueue(edit) {
      return new Promise<EditOutcome>((settle) => {
        let state = rows.get(edit.id);
        if (state === undefined) {
          const row = deps.readRow(edit.id);
          if (row === undefined) {
            settle('dropped');
            return;
          }
          state = { confirmed: row, queue: [] };
          rows.set(edit.id, state);
        }
        state.queue.push({ edit, settle });
        deps.writeRow(shown(state));
        if (state.queue.length === 1) sendFirst(edit.id, state);
      });
    },
  };
}
