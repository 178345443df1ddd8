import { describe, expect, it } from 'vitest';
import { keptSnapshot, snapshotToKeep } from './first-rows-answer';

describe('the snapshot a first screenful is kept under', () => {
  const kept = { server: '2026-11-29 00:21:49+00', snapshot: '700:705:701,703' };
  const now = { changed: false, server: kept.server, snapshot: '720:720:' };

  it('is read from the kept key, and is none without one', () => {
    expect(keptSnapshot(`first 100\n${kept.server}\n${kept.snapshot}\n2026-11-29 0 null`)).toEqual(kept);
    expect(keptSnapshot(undefined)).toBeNull();
    expect(keptSnapshot('first 100')).toBeNull();
  });

  it('stays the kept one while nothing changed on the same server', () => {
    expect(snapshotToKeep(kept, now)).toEqual({ snapshot: kept.snapshot, holds: true });
  });

  it("is this read's own after a change, without a kept one, or on another server", () => {
    expect(snapshotToKeep(kept, { ...now, changed: true })).toEqual({ snapshot: now.snapshot, holds: false });
    expect(snapshotToKeep(null, now)).toEqual({ snapshot: now.snapshot, holds: false });
    // Transaction ids start again on a restored or failed-over server: its check proves nothing.
    expect(snapshotToKeep(kept, { ...now, server: '2026-11-30 08:00:00+00' })).toEqual({
      snapshot: now.snapshot,
      holds: false,
    });
  });
});
