import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import { SYNC_STEP_LABELS, type SyncView } from '../../../core/marketplace/sync';
import { Button } from '../../ui/Button';
import { reloadRestockTable } from '../restock/table-reads';
import styles from '../settings/SettingsLayout.module.css';
import { useSync, useSyncNow } from './api';

const STATE_WORDS: Readonly<Record<SyncView['state'], string>> = {
  queued: 'Waiting',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

const seconds = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);

/**
 * A sync's steps. The current sync's rows carry `data-step`; the last full sync's (shown beside an
 * hourly stock-only sync) carry `data-full-step`.
 */
function StepTable({ steps, label }: { steps: SyncView['steps']; label?: string }) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th>Step</th>
          <th>State</th>
          <th>Rows changed</th>
          <th>New products</th>
          <th>Duration</th>
          <th>Last error</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.name} {...(label ? { 'data-full-step': step.name } : { 'data-step': step.name })}>
            <td>{SYNC_STEP_LABELS[step.name]}</td>
            <td>{STATE_WORDS[step.state]}</td>
            <td>{step.rows ?? ''}</td>
            <td>{step.created ?? ''}</td>
            <td>{seconds(step.durationMs)}</td>
            <td className={step.error ? styles.error : undefined}>{step.error ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The last sync per step (rows, duration, error in plain words) and "Sync now" with live progress. */
export function SyncPanel({ canEdit, connected }: { canEdit: boolean; connected: boolean }) {
  const sync = useSync();
  const syncNow = useSyncNow();
  const queryClient = useQueryClient();
  const current = sync.data ?? null;
  const active = current?.state === 'queued' || current?.state === 'running';
  // A sync that just ended changed products: the restock table reads them again.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) void reloadRestockTable(queryClient);
    wasActive.current = active;
  }, [active, queryClient]);

  return (
    <section className={styles.section} aria-label="Sync status">
      <h2>Sync</h2>
      {canEdit ? (
        <p>
          <Button
            onClick={() => syncNow.mutate(undefined, { onError: (error) => toast.error(error.message) })}
            disabled={!connected || active || syncNow.isPending}
          >
            {active ? 'Syncing…' : 'Sync now'}
          </Button>
        </p>
      ) : null}
      {current === null ? (
        <p className={styles.muted}>No sync has run yet.</p>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {STATE_WORDS[current.state]}
            {current.finishedAt ? ` · finished ${new Date(current.finishedAt).toLocaleString()}` : ''}
          </p>
          <StepTable steps={current.steps} />
          {current.lastFullSync ? (
            <>
              <h3>Last full sync</h3>
              <p className={styles.muted}>
                {STATE_WORDS[current.lastFullSync.state]}
                {current.lastFullSync.finishedAt
                  ? ` · finished ${new Date(current.lastFullSync.finishedAt).toLocaleString()}`
                  : ''}
              </p>
              <StepTable steps={current.lastFullSync.steps} label="Last full sync" />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
