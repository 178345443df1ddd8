import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import type { HistoryReport, ParsedHistory } from '../../../core/sales-history/reports';
import { describeHistoryImport } from '../../../core/sales-history/rows';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/Button';
import { useCan } from '../access/use-can';
import { restockKeys } from '../restock/api';
import { historyKeys } from './api';
import styles from './HistoryImport.module.css';
import { type HistoryParseMessage, parseHistoryFile } from './parse-history';
import { uploadHistory } from './upload';

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
    if (event.data.type !== 'progress') worker.terminate();
  };
  worker.onerror = () => onMessage({ type: 'error', message: 'The file could not be read' });
  worker.postMessage(file);
  return () => worker.terminate();
}

const count = (value: number) => value.toLocaleString('en-US');

function summary(parsed: ParsedHistory): string {
  const what = parsed.report.kind === 'sales' ? 'product-days of sales' : 'product-days of stock';
  const parts = [
    `${count(parsed.lines)} lines → ${count(parsed.columns.mskuOf.length)} ${what} from ${parsed.firstDay} to ${parsed.lastDay}.`,
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
 * and saved in parts of one upload. Re-importing a day replaces it.
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

  useEffect(() => {
    setPhase({ name: 'reading', fraction: 0 });
    return parse(file, (message) => {
      if (message.type === 'progress') setPhase({ name: 'reading', fraction: message.fraction });
      else if (message.type === 'done') setPhase({ name: 'ready', parsed: message.parsed });
      else setPhase({ name: 'failed', message: message.message });
    });
  }, [file]);

  async function save(parsed: ParsedHistory) {
    setPhase({ name: 'saving', parsed, fraction: 0 });
    try {
      const result = await uploadHistory(parsed.report.kind, parsed.columns, (fraction) =>
        setPhase({ name: 'saving', parsed, fraction }),
      );
      toast.success(describeHistoryImport(parsed.report.kind, result));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: restockKeys.data }),
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
      ]);
      onSaved?.();
    } catch (error) {
      setPhase({
        name: 'failed',
        message: error instanceof ApiError ? error.message : 'Failed to save. Nothing was imported.',
      });
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
