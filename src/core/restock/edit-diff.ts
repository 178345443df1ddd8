/** SPEC 4: one edit, sent as PATCH …/data/{id} with a single changed field. */
export type FieldChange<R, K extends keyof R> = { id: R[K]; data: Partial<R> };

// Object.is makes NaN equal itself; === makes 0 equal -0.
const isSame = (a: unknown, b: unknown) => a === b || Object.is(a, b);

function firstChangedKey<R extends object>(oldRow: R, newRow: R): keyof R | null {
  for (const field of Object.keys(newRow) as Array<keyof R>) {
    if (!isSame(oldRow[field], newRow[field])) return field;
  }
  return null;
}

/**
 * SPEC 4: the first field that differs between old and new rows matched by `keyField`, as
 * `{id, data: {field: newValue}}`; null when nothing changed. New rows with no old match are
 * not edits and are skipped.
 */
export function firstChangedField<R extends object, K extends keyof R>(
  oldRows: readonly R[],
  newRows: readonly R[],
  keyField: K,
): FieldChange<R, K> | null {
  // The grid replaces only the edited row and keeps order, so the same index nearly always
  // holds the same row; a lookup by key is built only if it does not.
  let oldByKey: Map<R[K], R> | null = null;
  for (let index = 0; index < newRows.length; index++) {
    const newRow = newRows[index]!;
    let oldRow = oldRows[index];
    if (oldRow === newRow) continue;
    if (oldRow === undefined || !isSame(oldRow[keyField], newRow[keyField])) {
      oldByKey ??= new Map(oldRows.map((row) => [row[keyField], row]));
      oldRow = oldByKey.get(newRow[keyField]);
      if (oldRow === undefined || oldRow === newRow) continue;
    }
    const field = firstChangedKey(oldRow, newRow);
    if (field !== null) {
      return { id: newRow[keyField], data: { [field]: newRow[field] } as Partial<R> };
    }
  }
  return null;
}
