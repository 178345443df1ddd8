import { z } from 'zod';
import { missingValueMessage, parseFieldValue } from './field-values';
import type { FieldValue, ProductFieldKey } from './fields';

// The field rules as zod schemas, for request bodies and forms that hold several fields. Apart
// from field-values.ts so that a page that only checks values (the restock grid) loads no zod.

const issue = (context: z.RefinementCtx, message: string) => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/**
 * A zod schema of one field, for request bodies and forms that hold several: the same rules and
 * messages as parseFieldValue.
 */
export const fieldSchema = <K extends ProductFieldKey>(key: K) =>
  z.unknown().transform((value, context): FieldValue<K> => {
    const result = parseFieldValue(key, value);
    return result.ok ? result.value : issue(context, result.message);
  });

/** The same, where a blank is refused even though the field itself may be blank (a default). */
export const requiredFieldSchema = <K extends ProductFieldKey>(key: K) =>
  z.unknown().transform((value, context): NonNullable<FieldValue<K>> => {
    const result = parseFieldValue(key, value);
    if (!result.ok) return issue(context, result.message);
    return result.value ?? issue(context, missingValueMessage(key));
  });
