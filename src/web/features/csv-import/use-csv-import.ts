import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { type ImportRow, validateImportRows } from '../../../core/csv-import/import-schema';
import {
  applySavedMapping,
  type CsvRow,
  clearMappings,
  dropOnTarget,
  EMPTY_CSV_MESSAGE,
  emptyMapping,
  isUsableCsv,
  type Mapping,
  mappedRows,
  NO_DATA_MESSAGE,
  unmapColumn,
} from '../../../core/csv-import/mapping';
import { addComputedColumns, recognizeReport } from '../../../core/csv-import/reports';
import { sourceRowNumbers, withSourceRowNumbers } from '../../../core/csv-import/row-numbers';
import type { TargetKey } from '../../../core/csv-import/targets';
import { parseText } from '../../../core/csv-import/values';
import { ApiError } from '../../lib/api-client';
import { FETCH_MAPPING_FAILED, fetchSavedMapping, importInventory, SAVE_FAILED, saveMapping } from './api';
import { parseCsvFile } from './parse-csv';
import type { ParsedCsv } from './parse-csv-text';

export const SAVED_MESSAGE = 'Data saved!';

export type LoadedFile = {
  name: string;
  headers: string[];
  rows: CsvRow[];
  /** The marketplace report recognised by its headers, e.g. 'Restock Inventory report'. */
  reportName: string | null;
};

/** Rows with an msku under the mapping: the ones an import would send. */
function countMappedRows(rows: readonly CsvRow[], mapping: Mapping): number {
  const mskuColumn = mapping.msku;
  if (mskuColumn == null) return 0;
  let count = 0;
  for (const row of rows) if (parseText(row[mskuColumn]) !== null) count += 1;
  return count;
}

async function readFile(file: File): Promise<ParsedCsv> {
  try {
    return await parseCsvFile(file);
  } catch {
    return { headers: [], rows: [] };
  }
}

/**
 * The importer's state and its SPEC 4 transitions: load a file, map columns by drop or select,
 * unmap, clear, and save. All state resets after a successful save.
 */
export function useCsvImport(onSaved?: () => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<Mapping>(emptyMapping);
  const [isLoading, setLoading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [rememberMapping, setRememberMapping] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Each load gets a number, so a slow parse or fetch for an older file cannot overwrite a newer one.
  const loadNumber = useRef(0);
  // Once the user maps by hand, a saved mapping that arrives late must not undo their work.
  const isTouched = useRef(false);

  const mappedRowCount = useMemo(() => (file ? countMappedRows(file.rows, mapping) : 0), [file, mapping]);

  function reset() {
    loadNumber.current += 1;
    isTouched.current = false;
    setFile(null);
    setMapping(emptyMapping());
    setLoading(false);
    setRememberMapping(false);
    setProblem(null);
  }

  function changeMapping(next: Mapping) {
    isTouched.current = true;
    setProblem(null);
    setMapping(next);
  }

  async function applySaved(current: number, loaded: LoadedFile, reportMapping: Mapping | null) {
    try {
      const saved = await fetchSavedMapping();
      if (current !== loadNumber.current || isTouched.current) return;
      const applied = applySavedMapping(saved, loaded.headers);
      // A saved mapping that finds this file's SKU column is the user's own choice for files
      // shaped like it; otherwise a recognised report keeps the mapping its headers give.
      if (!reportMapping || applied.msku !== null) setMapping(applied);
    } catch {
      if (current === loadNumber.current) toast.error(FETCH_MAPPING_FAILED);
    }
  }

  async function loadFile(chosen: File) {
    loadNumber.current += 1;
    const current = loadNumber.current;
    isTouched.current = false;
    setLoading(true);
    setProblem(null);
    const parsed = await readFile(chosen);
    if (current !== loadNumber.current) return;
    setLoading(false);
    if (!isUsableCsv(parsed.headers, parsed.rows)) {
      toast.error(EMPTY_CSV_MESSAGE);
      setFile(null);
      setMapping(emptyMapping());
      return;
    }
    const report = recognizeReport(parsed.headers);
    const { headers, rows } = report ? addComputedColumns(parsed.rows, parsed.headers, report) : parsed;
    const loaded = { name: chosen.name, headers, rows, reportName: report?.profile.name ?? null };
    setFile(loaded);
    setMapping(report ? report.mapping : emptyMapping());
    await applySaved(current, loaded, report?.mapping ?? null);
  }

  /** SPEC 4 and 8: a drop on a target, refused with a toast when incompatible or unknown. */
  function dropColumn(column: string, targetId: string) {
    if (!file) return;
    const result = dropOnTarget(mapping, file.rows, column, targetId);
    if (result.ok) changeMapping(result.mapping);
    else toast.error(result.message);
  }

  /** The keyboard path: a target's select picks a column, or none. */
  function chooseColumn(target: TargetKey, column: string | null) {
    if (column === null) {
      const current = mapping[target];
      if (current !== null) changeMapping(unmapColumn(mapping, current));
      return;
    }
    dropColumn(column, target);
  }

  const unmap = (column: string) => changeMapping(unmapColumn(mapping, column));
  const clearAll = () => changeMapping(clearMappings());

  async function upload(rows: ImportRow[]) {
    setSaving(true);
    try {
      await importInventory(rows);
      if (rememberMapping) {
        await saveMapping(mapping).catch((error: unknown) =>
          toast.error(error instanceof Error ? error.message : 'Failed to save the column mapping'),
        );
      }
      toast.success(SAVED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: ['restock'] });
      reset();
      onSaved?.();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  }

  /** Checks every row in the browser first, naming the file's own row, then uploads. */
  async function save() {
    if (!file || isSaving) return;
    const rows = mappedRows(file.rows, mapping);
    if (rows.length === 0) {
      toast.error(NO_DATA_MESSAGE);
      return;
    }
    const validation = validateImportRows(rows);
    if (!validation.ok) {
      const message = withSourceRowNumbers(validation.message, sourceRowNumbers(file.rows, mapping));
      setProblem(message);
      toast.error(message);
      return;
    }
    await upload(validation.rows);
  }

  return {
    file,
    mapping,
    mappedRowCount,
    isLoading,
    isSaving,
    problem,
    rememberMapping,
    setRememberMapping,
    loadFile,
    dropColumn,
    chooseColumn,
    unmap,
    clearAll,
    save,
    reset,
  };
}

export type CsvImportState = ReturnType<typeof useCsvImport>;
