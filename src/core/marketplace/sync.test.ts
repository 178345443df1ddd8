import { describe, expect, it } from 'vitest';
import { PRODUCT_FIELDS } from '../product-fields/fields';
import { overallState, queuedSteps, SYNC_WRITES, syncedAgo } from './sync';

describe('the marketplace sync', () => {
  it('writes only fields the marketplace owns', () => {
    const written = Object.values(SYNC_WRITES).flat();
    expect(written.length).toBeGreaterThan(0);
    for (const field of written) expect([field, PRODUCT_FIELDS[field].owner]).toEqual([field, 'marketplace']);
  });

  it('is running while a step waits after another ran, failed when any step failed', () => {
    const steps = queuedSteps();
    expect(overallState(steps)).toBe('queued');
    steps[0]!.state = 'done';
    expect(overallState(steps)).toBe('running');
    for (const step of steps) step.state = 'done';
    expect(overallState(steps)).toBe('done');
    steps[1]!.state = 'failed';
    expect(overallState(steps)).toBe('failed');
  });

  it('says how long ago the last sync ended', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(syncedAgo(null, now)).toBeNull();
    expect(syncedAgo('2026-01-01T11:59:40Z', now)).toBe('Synced just now');
    expect(syncedAgo('2026-01-01T11:48:00Z', now)).toBe('Synced 12 min ago');
    expect(syncedAgo('2026-01-01T09:00:00Z', now)).toBe('Synced 3 h ago');
  });
});
