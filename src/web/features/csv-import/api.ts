import { queryOptions } from '@tanstack/react-query';
import type { ImportColumns } from '../../../core/csv-import/import-columns';
import type {
  Blanks,
  ImportPreview,
  ImportRecord,
  ImportResult,
  RevertResult,
  SavedImportSettings,
} from '../../../core/csv-import/import-request';
import type { Mapping } from '../../../core/csv-import/mapping';
import { apiFetch } from '../../lib/api-client';

// SPEC 7 and DESIGN 6 and 12: the importer's calls and the import history.

/** SPEC 8: the toast when the saved mapping cannot be fetched. */
export const FETCH_MAPPING_FAILED = 'Failed to fetch saved mapping';
/** SPEC 8: the toast of a failed import without a server message. */
export const SAVE_FAILED = 'Failed to save';

export const fetchSavedSettings = () =>
  apiFetch<SavedImportSettings>('/api/dynamic/saved-mapping', {}, FETCH_MAPPING_FAILED);

export const saveMapping = (mapping: Mapping, blanks: Blanks) =>
  apiFetch<SavedImportSettings>(
    '/api/dynamic/saved-mapping',
    { method: 'PUT', body: { mapping, blanks } },
    'Failed to save the column mapping',
  );

/** The import's body as JSON, built once for the dry run and the import that follows it. */
export type ImportBody = { json: string };

/** The rows go as columns (decision 005): a quarter of the JSON of row objects. */
export function importBody(
  columns: ImportColumns,
  options: { blanks: Blanks; fileName: string | null; reportType: string | null },
): ImportBody {
  return { json: JSON.stringify({ ...columns, ...options }) };
}

/** The dry run: what the import would do, computed by the server on the real rows, nothing written. */
export const previewImport = ({ json }: ImportBody) =>
  apiFetch<ImportPreview>('/api/dynamic/import-inventory?dryRun=true', { method: 'POST', json }, SAVE_FAILED);

export const importInventory = ({ json }: ImportBody) =>
  apiFetch<ImportResult>('/api/dynamic/import-inventory', { method: 'POST', json }, SAVE_FAILED);

export const importKeys = { history: ['imports'] as const };

export const importHistoryQuery = () =>
  queryOptions({
    queryKey: importKeys.history,
    queryFn: () => apiFetch<ImportRecord[]>('/api/imports', {}, 'Failed to load the imports'),
  });

export const revertImport = (id: string, skipChanged: boolean) =>
  apiFetch<RevertResult>(
    `/api/imports/${encodeURIComponent(id)}/revert`,
    { method: 'POST', body: { skipChanged } },
    'Failed to undo the import',
  );
