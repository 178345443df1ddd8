import type { TableNumbers } from '../../../core/restock/table-index';
import type { GridRow } from './api';

// The typed arrays decoded with a table travel beside its rows rather than in the query cache,
// whose rows every reader and every edit takes as a plain array.
const decoded = new WeakMap<readonly GridRow[], TableNumbers>();

export function keepTableNumbers(rows: readonly GridRow[], numbers: TableNumbers): void {
  decoded.set(rows, numbers);
}

/** The numbers decoded with `rows`, handed over once: the table index then patches them on edits. */
export function takeTableNumbers(rows: readonly GridRow[]): TableNumbers | undefined {
  const numbers = decoded.get(rows);
  decoded.delete(rows);
  return numbers;
}
