import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import {
  HISTORY_DAYS,
  HISTORY_MAX_IMPORTS,
  type ImportRecord,
  type RevertConflict,
} from '../../../core/csv-import/import-request';
import { targetByKey } from '../../../core/csv-import/targets';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { useAccessComponents } from '../access/api';
import { useCan } from '../access/use-can';
import { reloadRestockTable } from '../restock/table-reads';
import { importHistoryQuery, importKeys, revertImport } from './api';
import styles from './csv-import.module.css';

const n = (value: number) => value.toLocaleString('en-US');
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function changedFields(record: ImportRecord): string {
  if (record.fields.length === 0) return '-';
  return record.fields
    .map((change) => {
      const name = targetByKey(change.field)?.name ?? change.field;
      return change.cleared > 0
        ? `${name} ${n(change.changed)} (${n(change.cleared)} cleared)`
        : `${name} ${n(change.changed)}`;
    })
    .join(', ');
}

function revertedText(record: ImportRecord): string {
  const reverted = record.reverted;
  if (!reverted) return '';
  const skipped = reverted.skipped > 0 ? `, ${n(reverted.skipped)} left as they were` : '';
  return `Undone ${when(reverted.at)} by ${reverted.by}: ${n(reverted.restored)} restored, ${n(reverted.deleted)} deleted${skipped}`;
}

const conflictOf = (error: unknown): RevertConflict | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<RevertConflict> | null;
  return body?.conflicts ? (body as RevertConflict) : null;
};

type Asking = { record: ImportRecord; conflict: RevertConflict | null };

/**
 * Settings → Imports (DESIGN 12): every import of the account, newest first, with what it changed,
 * and "Undo this import", which restores the values it replaced and deletes the products it created.
 */
export function ImportHistoryPage() {
  const queryClient = useQueryClient();
  const history = useQuery(importHistoryQuery());
  const canUndo = useCan('restock.import');
  // Until the access map arrives the button waits, without claiming a missing permission.
  const isAccessKnown = useAccessComponents() !== null;
  const [asking, setAsking] = useState<Asking | null>(null);

  const undo = useMutation({
    mutationFn: ({ record, skipChanged }: { record: ImportRecord; skipChanged: boolean }) =>
      revertImport(record.id, skipChanged),
    onSuccess: (result) => {
      setAsking(null);
      const skipped = result.skipped > 0 ? `, ${n(result.skipped)} left as they were` : '';
      toast.success(`Import undone: ${n(result.restored)} restored, ${n(result.deleted)} deleted${skipped}.`);
    },
    onError: (error, { record }) => {
      const conflict = conflictOf(error);
      if (conflict) {
        setAsking({ record, conflict });
        return;
      }
      setAsking(null);
      toast.error(error.message);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: importKeys.history });
      void reloadRestockTable(queryClient);
    },
  });

  if (history.isPending) return <p>Loading...</p>;
  if (history.isError) return <p className={styles.problem}>Error loading data</p>;

  return (
    <section className={styles.page}>
      <h2 className={styles.pageTitle}>Imports</h2>
      <p className={styles.hint}>
        The last {HISTORY_MAX_IMPORTS} imports of the past {HISTORY_DAYS} days. Undoing an import restores the
        values it replaced and deletes the products it created.
      </p>
      {history.data.length === 0 ? (
        <p>No imports yet.</p>
      ) : (
        <div className={styles.preview}>
          <table className={styles.table} aria-label="Imports">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">By</th>
                <th scope="col">File</th>
                <th scope="col">Report</th>
                <th scope="col">New</th>
                <th scope="col">Updated</th>
                <th scope="col">Unchanged</th>
                <th scope="col">Values changed</th>
                <th scope="col">
                  <span className={styles.hint}>Undo</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((record) => (
                <tr key={record.id}>
                  <td>{when(record.createdAt)}</td>
                  <td title={record.user.email}>{record.user.name}</td>
                  <td>{record.fileName ?? '-'}</td>
                  <td>{record.reportType ?? '-'}</td>
                  <td className={styles.numeric}>{n(record.inserted)}</td>
                  <td className={styles.numeric}>{n(record.updated)}</td>
                  <td className={styles.numeric}>{n(record.unchanged)}</td>
                  <td>{changedFields(record)}</td>
                  <td>
                    {record.reverted ? (
                      <span className={styles.hint}>{revertedText(record)}</span>
                    ) : (
                      <Button
                        variant="secondary"
                        disabled={!canUndo || undo.isPending}
                        title={canUndo || !isAccessKnown ? undefined : NO_EDIT_PERMISSION_TOOLTIP}
                        onClick={() => setAsking({ record, conflict: null })}
                      >
                        Undo this import
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {asking ? (
        <Modal
          title={asking.conflict ? 'Some products changed since' : 'Undo this import?'}
          actions={
            <>
              <Button variant="ghost" onClick={() => setAsking(null)} disabled={undo.isPending}>
                {asking.conflict ? 'Keep the import' : 'Cancel'}
              </Button>
              <Button
                disabled={undo.isPending}
                onClick={() => undo.mutate({ record: asking.record, skipChanged: asking.conflict !== null })}
              >
                {asking.conflict ? 'Undo the rest' : 'Undo import'}
              </Button>
            </>
          }
        >
          {asking.conflict ? (
            <p>
              {asking.conflict.message}. Undo the rest to restore the other products and leave{' '}
              {asking.conflict.conflicts.count === 1
                ? 'that one'
                : `those ${n(asking.conflict.conflicts.count)}`}{' '}
              as
              {asking.conflict.conflicts.count === 1 ? ' it is' : ' they are'}.
            </p>
          ) : (
            <p>
              This restores the values the import of {asking.record.fileName ?? 'this file'} replaced on{' '}
              {n(asking.record.updated)} products and deletes the {n(asking.record.inserted)} products it
              created.
            </p>
          )}
        </Modal>
      ) : null}
    </section>
  );
}
