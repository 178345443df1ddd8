import type { ProductFieldKey } from '../product-fields/fields';

/** The steps of a marketplace sync, in the order they run. */
export const SYNC_STEPS = ['inventory', 'listings', 'restock', 'catalog', 'fees', 'sales'] as const;
export type SyncStepName = (typeof SYNC_STEPS)[number];

export const SYNC_STEP_LABELS: Readonly<Record<SyncStepName, string>> = {
  inventory: 'FBA inventory',
  listings: 'Listings and prices',
  restock: 'Restock report',
  catalog: 'Titles and images',
  fees: 'Fees',
  sales: 'Daily sales',
};

export type SyncState = 'queued' | 'running' | 'done' | 'failed';

export type SyncStep = {
  name: SyncStepName;
  state: SyncState;
  /** Rows the step wrote (products changed or created, days of history). */
  rows: number | null;
  /** Products the step created because the account did not have their SKU yet. */
  created: number | null;
  durationMs: number | null;
  /** The last error in words a seller understands. */
  error: string | null;
};

export type SyncView = {
  syncId: string;
  state: SyncState;
  trigger: 'manual' | 'schedule';
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  steps: SyncStep[];
  /**
   * When this sync refreshed the stock only (hourly): the last sync that ran every step, so the
   * listings, reports, catalog, fees and sales results stay in view between daily syncs.
   */
  lastFullSync?: SyncView | null;
};

/**
 * The steps of each kind of sync: "Sync now" and the daily schedule run all of them; the hourly
 * schedule refreshes the stock only.
 */
export const SYNC_KINDS = {
  full: SYNC_STEPS,
  inventory: ['inventory'],
} as const satisfies Record<string, readonly SyncStepName[]>;
export type SyncKind = keyof typeof SYNC_KINDS;

export const queuedSteps = (names: readonly SyncStepName[] = SYNC_STEPS): SyncStep[] =>
  names.map((name) => ({
    name,
    state: 'queued',
    rows: null,
    created: null,
    durationMs: null,
    error: null,
  }));

/** A sync is over once no step waits or runs; it failed if any step failed. */
export function overallState(steps: readonly SyncStep[]): SyncState {
  if (steps.some((step) => step.state === 'running')) return 'running';
  if (steps.some((step) => step.state === 'queued'))
    return steps.some((s) => s.state !== 'queued') ? 'running' : 'queued';
  return steps.some((step) => step.state === 'failed') ? 'failed' : 'done';
}

export const SYNC_RUNNING_MESSAGE = 'A sync of this account is already running';

/** "Synced 12 min ago": how long ago the last finished sync ended, in the toolbar's words. */
export function syncedAgo(finishedAt: string | null, now: number): string | null {
  if (!finishedAt) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(finishedAt)) / 60_000));
  if (minutes < 1) return 'Synced just now';
  if (minutes < 60) return `Synced ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Synced ${hours} h ago`;
  return `Synced ${Math.floor(hours / 24)} days ago`;
}

/**
 * The product fields each step writes: marketplace data only (DESIGN 11), never the seller's
 * inputs (cost, supplier, lead times, case pack, MOQ, seasonality, replen).
 */
export const SYNC_WRITES = {
  inventory: ['asin', 'fba_quantity', 'inbound_quantity', 'marketplace', 'currency'],
  listings: ['asin', 'title', 'your_price', 'marketplace', 'currency'],
  restock: ['asin', 'sales_last_30_days', 'marketplace', 'currency'],
  catalog: ['title', 'main_thumbnail'],
  fees: ['referral_fee', 'fba_fee'],
  sales: ['marketplace', 'currency'],
} as const satisfies Record<SyncStepName, readonly ProductFieldKey[]>;
