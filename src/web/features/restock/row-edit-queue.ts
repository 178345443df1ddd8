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

/**
 * Edits of one row are sent one at a time, each with If-Match set to the version the previous
 * answer returned, so a seller's own quick edits never look like someone else's (412). Edits of
 * different rows go out independently. The table shows the confirmed row with the unanswered
 * edits applied on top; a refusal takes its edit out of that, and a conflict (someone else really
 * changed the row) also drops the edits queued behind it: they were made on a view that is gone.
 */
export function createRowEditQueue<R extends VersionedRow>(deps: RowEditQueueDeps<R>): RowEditQueue {
  const rows = new Map<string, RowState<R>>();

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

  return {
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
