import { type HistoryColumns, partColumns } from '../../../core/sales-history/history-columns';
import {
  type HistoryImportResult,
  type HistoryKind,
  MAX_HISTORY_ROWS,
} from '../../../core/sales-history/rows';
import { apiFetch } from '../../lib/api-client';

const PATHS: Record<HistoryKind, string> = {
  sales: '/api/dynamic/import-sales',
  stock: '/api/dynamic/import-stock',
};

type Send = <T>(path: string, init: { method: string; body?: unknown }) => Promise<T>;

const sendToApi: Send = (path, init) => apiFetch(path, init, 'Failed to save');

/**
 * One upload of a history file in parts of one request each, sent one after another: the parts
 * handed over while the file is still read (`add`, once `start` allows it) and the rest when the
 * seller imports (`finish`). The server keeps the parts and writes the whole file in one
 * transaction when the last arrives, so a failed or discarded upload leaves the history as it was.
 */
export class HistoryUpload {
  private readonly id = crypto.randomUUID();
  /** Requests made so far (the next part's number). */
  private sent = 0;
  /** Requests that have answered. */
  private answered = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly waiting: HistoryColumns[] = [];
  private started = false;
  private over = false;
  private failure: unknown = null;

  constructor(
    private readonly kind: HistoryKind,
    /** The first part that failed, whenever it failed: the upload stops there. */
    private readonly onFailure: (error: unknown) => void = () => {},
    private readonly send: Send = sendToApi,
  ) {}

  /** A part of the file's rows, sent after the parts before it once `start` was called. */
  add(columns: HistoryColumns): void {
    if (this.over) return;
    if (this.started) this.enqueue(columns, false);
    else this.waiting.push(columns);
  }

  /** Lets the parts go (a seller who may not import sends nothing). */
  start(): void {
    if (this.started || this.over) return;
    this.started = true;
    for (const columns of this.waiting.splice(0)) this.enqueue(columns, false);
  }

  /** Sends the rest of the file as the upload's last part and answers what the import wrote. */
  async finish(
    columns: HistoryColumns,
    onProgress: (fraction: number) => void = () => {},
  ): Promise<HistoryImportResult> {
    this.start();
    const total = this.sent + Math.max(1, Math.ceil(columns.mskuOf.length / MAX_HISTORY_ROWS));
    const progress = () => onProgress(Math.min(1, this.answered / total));
    progress();
    const result = this.enqueue(columns, true, progress);
    await this.queue;
    if (this.failure) throw this.failure;
    this.over = true;
    return (await result)!;
  }

  /** Gives the upload up: the parts the server keeps are dropped (after any request still under way). */
  discard(): void {
    if (this.over) return;
    this.over = true;
    this.waiting.length = 0;
    if (this.sent === 0) return;
    this.queue = this.queue.then(() =>
      this.send(`/api/dynamic/history-uploads/${this.id}`, { method: 'DELETE' }).catch(() => {}),
    );
  }

  /** Queues the rows in requests of at most MAX_HISTORY_ROWS; the last one's answer. */
  private enqueue(
    columns: HistoryColumns,
    last: boolean,
    onAnswer: () => void = () => {},
  ): Promise<HistoryImportResult | null> {
    const rows = columns.mskuOf.length;
    const requests = Math.max(1, Math.ceil(rows / MAX_HISTORY_ROWS));
    // A file of one request is sent as it is, without an upload.
    const alone = last && this.sent === 0 && requests === 1;
    let answer: Promise<HistoryImportResult | null> = Promise.resolve(null);
    for (let request = 0; request < requests; request++) {
      const part = this.sent++;
      const isLast = last && request === requests - 1;
      answer = this.queue.then(async () => {
        if (this.failure || (this.over && !last)) return null;
        // Each request's columns are made as it is sent: the page never holds the rows as objects.
        const partRows = partColumns(
          this.kind,
          columns,
          request * MAX_HISTORY_ROWS,
          (request + 1) * MAX_HISTORY_ROWS,
        );
        try {
          const body = alone
            ? { columns: partRows }
            : { columns: partRows, upload: { id: this.id, part, last: isLast } };
          const result = await this.send<HistoryImportResult>(PATHS[this.kind], { method: 'POST', body });
          this.answered++;
          onAnswer();
          return result;
        } catch (error) {
          this.failure = error;
          this.onFailure(error);
          return null;
        }
      });
      this.queue = answer;
    }
    return answer;
  }
}
