import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import type { HistoryReport, ParsedHistory } from '../../../core/sales-history/reports';
import { describeHistoryImport } from '../../../core/sales-history/rows';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/Button';
import { useCan } from '../access/use-can';
import { reloadRestockTable } from '../restock/table-reads';
import { historyKeys } from './api';
import styles from './HistoryImport.module.css';
import { type HistoryParseMessage, parseHistoryFile } from './parse-history';
import { HistoryUpload } from './upload';

type Phase =
  | { name: 'reading'; fraction: number }
  | { name: 'ready'; parsed: ParsedHistory }
  | { name: 'saving'; parsed: ParsedHistory; fraction: number }
  | { name: 'failed'; message: string };

/** Parses in a module worker where there is one (the browser), on this thread otherwise (tests). */
function parse(file: File, onMessage: (message: HistoryParseMessage) => void): () => void {
  if (typeof Worker === 'undefined') {
    void parseHistoryFile(file, onMessage);
    return () => {};
  }
  const worker = new Worker(new URL('./parse-history.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<HistoryParseMessage>) => {
    onMessage(event.data);
    if (event.data.type === 'done' || event.data.type === 'error') worker.terminate();
  };
  worker.onerror = () => onMessage({ type: 'error', message: 'The file could not be read' });
  worker.postMessage(file);
  return () => worker.terminate();
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The parts sent while the file was read are gone when the server restarted (they are kept in an
 * unlogged table) or dropped them as abandoned: the last part is then out of order.
 */
const PARTS_GONE = /^Part \d+ of the upload arrived, but /;
export const PARTS_GONE_MESSAGE =
  'The parts of this file sent while it was read are no longer on the server (it restarted, or the file waited too long). Nothing was imported: choose the file again.';

const failureMessage = (error: unknown) => {
  if (!(error instanceof ApiError)) return 'Failed to save. Nothing was imported.';
  return error.status === 409 && PARTS_GONE.test(error.message) ? PARTS_GONE_MESSAGE : error.message;
};

function summary(parsed: ParsedHistory): string {
  const what = parsed.report.kind === 'sales' ? 'product-days of sales' : 'product-days of stock';
  const parts = [
    `${count(parsed.lines)} lines → ${count(parsed.productDays)} ${what} from ${parsed.firstDay} to ${parsed.lastDay}.`,
  ];
  if (parsed.skipped > 0) {
    parts.push(
      parsed.report.id === 'all-orders'
        ? `${count(parsed.skipped)} cancelled order lines left out.`
        : `${count(parsed.skipped)} lines of stock that cannot be sold left out.`,
    );
  }
  if (parsed.duplicates > 0) {
    parts.push(
      parsed.report.kind === 'sales'
        ? `${count(parsed.duplicates)} repeated product-day lines added up.`
        : `${count(parsed.duplicates)} repeated lines: the last of each kept.`,
    );
  }
  return parts.join(' ');
}

/**
 * The Import CSV dialog's path for daily history (DESIGN 10): a recognised All Orders report,
 * Inventory Ledger report or long sku,date,units file is read with a progress bar, summarised,
 * and saved in parts of one upload. Re-importing a day replaces it. A large sales file's parts go
 * to the server while the file is still read; nothing reaches the history before Import, and a
 * cancelled or failed file's parts are discarded.
 */
export function HistoryImport({
  file,
  report,
  onSaved,
  onCancel,
}: {
  file: File;
  report: HistoryReport;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const canImport = useCan('restock.import');
  const [phase, setPhase] = useState<Phase>({ name: 'reading', fraction: 0 });
  const upload = useRef<HistoryUpload | null>(null);
  // Parts go out only for a seller who may import (the permission may load after the file).
  const mayImport = useRef(canImport);
  mayImport.current = canImport;

  useEffect(() => {
    setPhase({ name: 'reading', fraction: 0 });
    let stopped = false;
    const fail = (message: string) => {
      stopped = true;
      stopParse();
      current.discard();
      setPhase({ name: 'failed', message });
    };
    const current = new HistoryUpload(report.kind, (error) => {
      if (!stopped) fail(failureMessage(error));
    });
    upload.current = current;
    if (mayImport.current) current.start();
    const stopParse = parse(file, (message) => {
      if (stopped) return;
      if (message.type === 'part') current.add(message.json);
      else if (message.type === 'progress') setPhase({ name: 'reading', fraction: message.fraction });
      else if (message.type === 'done') setPhase({ name: 'ready', parsed: message.parsed });
      else fail(message.message);
    });
    return () => {
      stopped = true;
      stopParse();
      current.discard();
    };
  }, [file, report.kind]);

  useEffect(() => {
    if (canImport) upload.current?.start();
  }, [canImport]);

  async function save(parsed: ParsedHistory) {
    setPhase({ name: 'saving', parsed, fraction: 0 });
    try {
      let current = upload.current!;
      if (parsed.resend) {
        // The parts sent no longer add up to the file: it goes again, whole.
        current.discard();
        current = new HistoryUpload(parsed.report.kind);
        upload.current = current;
      }
      const result = await current.finish(parsed.columns, (fraction) =>
        setPhase({ name: 'saving', parsed, fraction }),
      );
      // The file's repeated lines, as the summary counted them: the server's count would also
      // count a day whose later lines were sent again in another part.
      toast.success(describeHistoryImport(parsed.report.kind, { ...result, duplicates: parsed.duplicates }));
      await Promise.all([
        reloadRestockTable(queryClient),
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
      ]);
      onSaved?.();
    } catch (error) {
      setPhase({ name: 'failed', message: failureMessage(error) });
    }
  }

  const fraction = phase.name === 'reading' || phase.name === 'saving' ? phase.fraction : null;
  return (
    <div className={styles.history}>
      <p className={styles.badge} role="status">
        ✓ Recognised: {report.name} ({file.name})
      </p>
      {fraction !== null ? (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={1}
            value={fraction}
            aria-label={phase.name === 'reading' ? 'Reading the file' : 'Saving the history'}
          />
          <span>
            {phase.name === 'reading' ? 'Reading' : 'Saving'} {Math.round(fraction * 100)} %
          </span>
        </div>
      ) : null}
      {phase.name === 'ready' || phase.name === 'saving' ? <p>{summary(phase.parsed)}</p> : null}
      {phase.name === 'ready' ? (
        <p className={styles.hint}>
          Each product and day in the file replaces the one already saved. Products that are not in your
          catalogue are left out and counted.
        </p>
      ) : null}
      {phase.name === 'failed' ? (
        <p className={styles.problem} role="alert">
          {phase.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        {!canImport ? <span className={styles.hint}>{NO_EDIT_PERMISSION_TOOLTIP}</span> : null}
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button
          onClick={() => (phase.name === 'ready' ? void save(phase.parsed) : undefined)}
          disabled={phase.name !== 'ready' || !canImport}
          title={canImport ? undefined : NO_EDIT_PERMISSION_TOOLTIP}
        >
          {phase.name === 'saving' ? 'Saving...' : `Import ${report.kind === 'sales' ? 'sales' : 'stock'}`}
        </Button>
      </div>
    </div>
  );
}
