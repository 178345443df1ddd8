import type { ImportRow } from '../../../core/csv-import/import-schema';
import type { Mapping } from '../../../core/csv-import/mapping';
import { apiFetch } from '../../lib/api-client';

// SPEC 7 and DESIGN 6: the three calls of the importer.

export type ImportCounts = { inserted: number; updated: number };

/** SPEC 8: the toast when the saved mapping cannot be fetched. */
export const FETCH_MAPPING_FAILED = 'Failed to fetch saved mapping';
/** SPEC 8: the toast of a failed import without a server message. */
export const SAVE_FAILED = 'Failed to save';

export const fetchSavedMapping = () =>
  apiFetch<Record<string, unknown>>('/api/dynamic/get-saved-mapping', {}, FETCH_MAPPING_FAILED);

export const saveMapping = (mapping: Mapping) =>
  apiFetch<{ mapping: Record<string, string | null> }>(
    '/api/dynamic/saved-mapping',
    { method: 'PUT', body: { mapping } },
    'Failed to save the column mapping',
  );

export const importInventory = (rows: readonly ImportRow[]) =>
  apiFetch<ImportCounts>(
    '/api/dynamic/import-inventory',
    { method: 'POST', body: { data: rows } },
    SAVE_FAILED,
  );
