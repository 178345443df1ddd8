import { parseFieldValue } from '../product-fields/field-values';
import { type EditableField, type FieldValue, fieldSpec, isEditableField } from '../product-fields/fields';

export type SingleFieldEdit = {
  [F in EditableField]: { ok: true; field: F; value: FieldValue<F> };
}[EditableField];

export type SingleFieldEditResult = SingleFieldEdit | { ok: false; message: string };

export const ONE_FIELD_MESSAGE = 'Send exactly one field to change';

// Echoing an arbitrary key back is fine, an arbitrarily long one is not.
const shown = (key: string) => (key.length > 60 ? `${key.slice(0, 57)}...` : key);

/**
 * DESIGN 6: a row edit carries exactly one editable field, checked by that field's rules; null
 * clears it (the engine then uses its default).
 */
export function parseSingleFieldEdit(body: unknown): SingleFieldEditResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: ONE_FIELD_MESSAGE };
  }
  const keys = Object.keys(body);
  const field = keys[0];
  if (keys.length !== 1 || field === undefined) return { ok: false, message: ONE_FIELD_MESSAGE };
  if (!isEditableField(field)) return { ok: false, message: `${shown(field)} is not an editable field` };
  const parsed = parseFieldValue(field, (body as Record<string, unknown>)[field]);
  if (!parsed.ok) return parsed;
  // PostgreSQL refuses NUL in text: refused here, it never reaches a statement shared with others.
  if (typeof parsed.value === 'string' && parsed.value.includes('\u0000')) {
    return { ok: false, message: `${fieldSpec(field).label} must not contain NUL characters` };
  }
  return { ok: true, field, value: parsed.value } as SingleFieldEdit;
}
