import { z } from 'zod';
import { COLUMN_KEYS, isColumnKey } from './columns';

export const RESTOCK_TABLE = 'restock';

/** PATCH /api/tables/restock/columns and POST /api/save-column-picker: known, unique column keys. */
const columnKeyList = (field: string) =>
  z
    .array(z.string({ error: `${field} must list column keys` }), {
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a list of column keys`,
    })
    .max(COLUMN_KEYS.length, `${field} has more columns than the table`)
    .superRefine((keys, ctx) => {
      const unknown = keys.find((key) => !isColumnKey(key));
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', message: `Unknown column "${unknown.slice(0, 60)}"` });
      else if (new Set(keys).size !== keys.length)
        ctx.addIssue({ code: 'custom', message: `${field} lists a column twice` });
    });

export const columnOrderRequest = z.object({ order: columnKeyList('order') });
export const columnPickerRequest = z.object({ selectedItems: columnKeyList('selectedItems') });

export const PRECONDITION_FAILED_MESSAGE =
  'Someone else changed this product a moment ago. The table now shows the latest values.';
