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

type Send = <T>(path: string, init: { method: string; body?: unknown; json?: string }) => Promise<T>;

const sendToApi: Send = (path, init) => apiFetch(path, init, 'Failed to save');

/**
 * One upload of a history file in parts of one request each, sent one after another: the parts
 * handed over while the file is still read (`add`, each as its body's JSON made by the parse
 * worker, once `start` allows it) and the rest when the seller imports (`finish`). The server keeps
 * the parts and writes the whole file in one transaction when the last arrives, so a failed or
 * discarded upload leaves the history as it was.
 */
export class HistoryUpload {
  private readonly id = crypto.randomUUID();
  /** Requests made so far (the next part's number). */
  private sent = 0;
  /** Requests that have answered. */
  private answered = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly waiting: string[] = [];
  private started = false;
  private finished = false;
  private givenUp = false;
  private failure: unknown = null;

  constructor(
    private readonly kind: HistoryKind,
    /** The first part that failed, whenever it failed: the upload stops there. */
    private readonly onFailure: (error: unknown) => void = () => {},
    private readonly send: Send = sendToApi,
  ) {}

  /**
   * A part of the file's rows as its body's JSON (`partJson`: at most MAX_HISTORY_ROWS rows), sent
   * after the parts before it once `start` was called.
   */
  add(json: string): void {
    if (this.finished || this.givenUp) return;
    if (this.started) this.enqueuePrepared(json);
    else this.waiting.push(json);
  }

  /** Lets the parts go (a seller who may not import sends nothing). */
  start(): void {
    if (this.started || this.finished || this.givenUp) return;
    this.started = true;
    for (const json of this.waiting.splice(0)) this.enqueuePrepared(json);
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
    const result = this.enqueueLast(columns, progress);
    await this.queue;
    if (this.failure) throw this.failure;
    if (this.givenUp) throw new Error('The import was cancelled');
    this.finished = true;
    return (await result)!;
  }

  /**
   * Gives the upload up, even while `finish` is under way (the dialog closed): no request goes after
   * the one under way, and the parts the server keeps are dropped.
   */
  discard(): void {
    if (this.finished || this.givenUp) return;
    this.givenUp = true;
    this.waiting.length = 0;
    if (this.sent === 0) return;
    this.queue = this.queue.then(() =>
      this.send(`/api/dynamic/history-uploads/${this.id}`, { method: 'DELETE' }).catch(() => {}),
    );
  }

  /** Queues a part handed over while the file is read. */
  private enqueuePrepared(json: string): void {
    const part = this.sent++;
    this.queue = this.queue.then(() =>
      this.request(() => ({ json: withUpload(json, { id: this.id, part, last: false }) })),
    );
  }

  /** Queues the rest of the file in requests of at most MAX_HISTORY_ROWS; the last one's answer. */
  private enqueueLast(columns: HistoryColumns, onAnswer: () => void): Promise<HistoryImportResult | null> {
    const requests = Math.max(1, Math.ceil(columns.mskuOf.length / MAX_HISTORY_ROWS));
    // A file of one request is sent as it is, without an upload.
    const alone = this.sent === 0 && requests === 1;
    let answer: Promise<HistoryImportResult | null> = Promise.resolve(null);
    for (let request = 0; request < requests; request++) {
      const part = this.sent++;
      const last = request === requests - 1;
      // Each request's columns are made as it is sent: the page never holds the rows as objects.
      const body = () => {
        const rows = partColumns(
          this.kind,
          columns,
          request * MAX_HISTORY_ROWS,
          (request + 1) * MAX_HISTORY_ROWS,
        );
        return { body: alone ? { columns: rows } : { columns: rows, upload: { id: this.id, part, last } } };
      };
      answer = this.queue.then(() => this.request(body, onAnswer));
      this.queue = answer;
    }
    return answer;
  }

  /** One request of the upload, unless it already failed or was given up. */
  private async request(
    init: () => { body?: unknown; json?: string },
    onAnswer: () => void = () => {},
  ): Promise<HistoryImportResult | null> {
    if (this.failure || this.givenUp) return null;
    try {
      const result = await this.send<HistoryImportResult>(PATHS[this.kind], { method: 'POST', ...init() });
      this.answered++;
      onAnswer();
      return result;
    } catch (error) {
      this.failure = error;
      this.onFailure(error);
      return null;
    }
  }
}

/** A part's JSON (`{"columns":…}`) with its place in the upload, without parsing it again. */
const withUpload = (json: string, upload: { id: string; part: number; last: boolean }) =>
  `${json.slice(0, -1)},"upload":${JSON.stringify(upload)}}`;
