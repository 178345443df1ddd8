import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedSteps, type SyncView } from '../../../core/marketplace/sync';
import { SyncPanel } from './SyncPanel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const finished = (names: Parameters<typeof queuedSteps>[0], at: string): SyncView => ({
  syncId: `sync-${at}`,
  state: 'done',
  trigger: 'schedule',
  createdAt: at,
  startedAt: at,
  finishedAt: at,
  steps: queuedSteps(names).map((step) => ({
    ...step,
    state: 'done',
    rows: 3,
    created: 0,
    durationMs: 1200,
  })),
});

describe('SyncPanel', () => {
  it('shows the last full sync beside an hourly stock-only sync', async () => {
    const full = finished(undefined, '2026-11-23T03:15:00Z');
    full.steps[1] = {
      ...full.steps[1]!,
      state: 'failed',
      error: 'Amazon could not build the All Listings report (FATAL).',
    };
    const hourly: SyncView = { ...finished(['inventory'], '2026-11-23T10:45:00Z'), lastFullSync: full };
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(hourly), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SyncPanel canEdit={false} connected />
      </QueryClientProvider>,
    );
    const lastFull = await screen.findByRole('table', { name: 'Last full sync' });
    expect(within(lastFull).getAllByRole('row')).toHaveLength(7);
    expect(
      within(lastFull).getByText('Amazon could not build the All Listings report (FATAL).'),
    ).toBeTruthy();
    expect(within(lastFull).getByText('Restock report')).toBeTruthy();
    // The stock-only sync's own table: its one step.
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(2);
    expect(within(tables[0]!).getAllByRole('row')).toHaveLength(2);
    expect(within(tables[0]!).getByText('FBA inventory')).toBeTruthy();
  });
});
