import { z } from 'zod';

/**
 * The one rule for an MSKU, whatever it comes from (an import, a row address, a buy-list line):
 *
 * - Unicode NFC: 'café' typed with a combining accent (NFD, as macOS writes file names) and with
 *   the single letter é are one MSKU, not two look-alike products.
 * - No invisible characters: control characters, zero-width characters and bidirectional marks
 *   make two MSKUs that look the same on screen and in the marketplace's reports; they are refused.
 * - Case is kept: the marketplace treats 'abc-1' and 'ABC-1' as different SKUs, and so do we.
 * - '.' and '..' are refused: as a path segment the browser resolves them, so such a product could
 *   never be edited or removed.
 * - Spaces around it are trimmed (as every imported text).
 */
export const MSKU_RULE_TEXT =
  'MSKUs are compared after Unicode normalisation (NFC), keep their case, and may not contain invisible characters or be "." or "..".';

// Control characters (Cc: C0, C1) and format characters (Cf: zero-width spaces and joiners,
// bidirectional marks and isolates, the byte order mark, the soft hyphen, the word joiner).
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export type MskuCheck = { ok: true; msku: string } | { ok: false; message: string };

/** The MSKU as stored (trimmed, NFC), or why it cannot be one. `field` names it in the message. */
export function normalizeMsku(raw: string, field = 'msku'): MskuCheck {
  const msku = raw.trim().normalize('NFC');
  if (msku === '.' || msku === '..') return { ok: false, message: `${field} cannot be "${msku}"` };
  const invisible = INVISIBLE.exec(msku);
  if (invisible) {
    const code = invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return { ok: false, message: `${field} must not contain invisible characters (U+${code})` };
  }
  return { ok: true, msku };
}

/**
 * A route parameter naming a product by MSKU. Looked up exactly as given: products stored before
 * the rule above (with an invisible character, say) must stay reachable to be fixed or removed.
 */
export const mskuParam = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text` })
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    // No stored msku holds one: PostgreSQL refuses NUL in text.
    .refine((value) => !value.includes('\u0000'), `${field} must not contain NUL characters`);
