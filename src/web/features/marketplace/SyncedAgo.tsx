import { useEffect, useState } from 'react';
import { syncedAgo } from '../../../core/marketplace/sync';
import { useSync } from './api';

/** "Synced 12 min ago" in the restock toolbar, once a sync has finished; updated every minute. */
export function SyncedAgo({ className }: { className?: string }) {
  const sync = useSync();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const words = syncedAgo(sync.data?.finishedAt ?? null, now);
  return words ? (
    <span className={className} title="The last marketplace sync">
      {words}
    </span>
  ) : null;
}
