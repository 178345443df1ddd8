import { type FieldResult, parseFieldValue } from '../product-fields/field-values';
import { type EditableField, type FieldValue, fieldSpec } from '../product-fields/fields';

// A plain decimal number, as typed: no hexadecimal, no 'Infinity', no words.
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d{1,3})?$/i;
// Currency marks, thousands separators and a percent sign are how people type amounts.
const DECORATION = /[$£€¥₹,%\s]/g;

/** The typed text as a number, NaN when it is not one (the field's check then says what is). */
function typedNumber(text: string): number {
  const plain = text.replace(DECORATION, '');
  return DECIMAL.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The text typed into a grid cell as the field's value, checked by the same rules the server
 * applies to the edit: blank clears the field, and anything that is not a valid value says why.
 */
export function parseCellText<F extends EditableField>(field: F, text: string): FieldResult<FieldValue<F>> {
  const trimmed = text.trim();
  const type = fieldSpec(field).type;
  if (trimmed === '') return parseFieldValue(field, null);
  if (type === 'text' || type === 'url') return parseFieldValue(field, trimmed);
  if (type === 'boolean') {
    const lower = trimmed.toLowerCase();
    return parseFieldValue(field, lower === 'true' ? true : lower === 'false' ? false : trimmed);
  }
  return parseFieldValue(field, typedNumber(trimmed));
}
