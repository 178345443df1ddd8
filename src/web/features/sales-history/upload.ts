import { type HistoryColumns, partColumns } from '../../../core/sales-history/history-columns';
import {
  type HistoryImportResult,
  type HistoryKind,
  MAX_HISTORY_ROWS,
} from '../../../core/sales-history/rows';
import { apiFetch } from '../../lib/api-client';

const PATHS: Record<HistoryKind, string> = {
  sales: '/api/dynamic/import-sales',
  stock: '/api/dynamic/import-stock',
};

/**
 * Sends the rows in parts of one upload: the server keeps the parts and writes the whole file in
 * one transaction when the last arrives, so a failed part leaves the history as it was.
 */
export async function uploadHistory(
  kind: HistoryKind,
  columns: HistoryColumns,
  onProgress: (fraction: number) => void,
): Promise<HistoryImportResult> {
  const rows = columns.mskuOf.length;
  const parts = Math.max(1, Math.ceil(rows / MAX_HISTORY_ROWS));
  const id = crypto.randomUUID();
  let result: HistoryImportResult | null = null;
  for (let part = 0; part < parts; part++) {
    // Each part's columns made as it is sent: the page never holds the file's rows as objects.
    const partRows = partColumns(kind, columns, part * MAX_HISTORY_ROWS, (part + 1) * MAX_HISTORY_ROWS);
    const body =
      parts === 1
        ? { columns: partRows }
        : { columns: partRows, upload: { id, part, last: part === parts - 1 } };
    const answer = await apiFetch<HistoryImportResult>(
      PATHS[kind],
      { method: 'POST', body },
      'Failed to save',
    );
    if (part === parts - 1) result = answer;
    onProgress((part + 1) / parts);
  }
  return result!;
}
