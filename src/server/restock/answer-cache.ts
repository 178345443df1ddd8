/**
 * Serialised answers kept per account, keyed by what the account's data was when they were read
 * (the snapshot a whole table or a first screenful was read after, checked against the account's
 * change rows): a read whose key matches the stored one sends the stored bytes instead of reading,
 * deriving and serialising every product again. The key is checked against the database on every
 * request, so several app processes each keep their own copy and none serves stale data.
 *
 * Reads that miss at the same time for the same key share one build (a table opened in five tabs,
 * fifty clients polling): only the first takes a turn of heavy work.
 */
/**
 * Accounts with up to this many products have their answers kept (about 4.5 MB in the default
 * shape). A larger table is built for each read within the account's turns: sending stored copies
 * of it freely let one account hammering its table slow every other account's requests.
 */
export const CACHED_TABLE_PRODUCTS = 5_000;

/** The budget of one process: a few hundred accounts' answers at most. */
export const ANSWER_CACHE_BYTES = 128 * 1024 * 1024;

export type AnswerCache = {
  /** The stored answer for `key`, or the result of `build` (stored unless larger than the budget). */
  get: (account: string, key: string, build: () => Promise<Buffer>) => Promise<Buffer>;
  /** The key of the answer being built or kept in `account`'s slot `slotName` (a key's first line). */
  latestKey: (account: string, slotName: string) => string | undefined;
};

/** Answers up to `maxBytes` in all; the least recently used account's are dropped first. */
export function createAnswerCache(maxBytes: number): AnswerCache {
  // Map order is the recency order: an entry is deleted and set again when used.
  const entries = new Map<string, { key: string; bytes: Buffer }>();
  const building = new Map<string, Promise<Buffer>>();
  // The key of each slot's latest build while it runs.
  const buildingKeys = new Map<string, string>();
  let total = 0;
  const slotOf = (account: string, slotName: string) => `${account}\n${slotName}`;

  function store(slot: string, key: string, bytes: Buffer) {
    const previous = entries.get(slot);
    if (previous) {
      total -= previous.bytes.length;
      entries.delete(slot);
    }
    if (bytes.length > maxBytes) return;
    entries.set(slot, { key, bytes });
    total += bytes.length;
    for (const [oldest, entry] of entries) {
      if (total <= maxBytes) break;
      entries.delete(oldest);
      total -= entry.bytes.length;
    }
  }

  return {
    async get(account, key, build) {
      // One slot per account and answer shape: an older stamp's answer is never wanted again.
      const slot = slotOf(account, key.slice(0, key.indexOf('\n')));
      const entry = entries.get(slot);
      if (entry && entry.key === key) {
        entries.delete(slot);
        entries.set(slot, entry);
        return entry.bytes;
      }
      const flightKey = `${account}\n${key}`;
      const pending = building.get(flightKey);
      if (pending) return pending;
      const settled = () => {
        building.delete(flightKey);
        if (buildingKeys.get(slot) === key) buildingKeys.delete(slot);
      };
      const built = build().then(
        (bytes) => {
          settled();
          store(slot, key, bytes);
          return bytes;
        },
        (error: unknown) => {
          settled();
          throw error;
        },
      );
      building.set(flightKey, built);
      buildingKeys.set(slot, key);
      return built;
    },
    latestKey(account, slotName) {
      const slot = slotOf(account, slotName);
      return buildingKeys.get(slot) ?? entries.get(slot)?.key;
    },
  };
}
