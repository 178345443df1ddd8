const MAX_NAMED_KEYS = 5;
const KEY_SHOWN_MAX = 50;

/** Names unknown keys without echoing an unbounded list of unbounded strings back. */
export function unknownKeysMessage(kind: string, keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_NAMED_KEYS).map((key) => `"${key.slice(0, KEY_SHOWN_MAX)}"`);
  const more = keys.length > MAX_NAMED_KEYS ? ` and ${keys.length - MAX_NAMED_KEYS} more` : '';
  return `Unknown ${kind}${keys.length > 1 ? 's' : ''} ${shown.join(', ')}${more}`;
}
