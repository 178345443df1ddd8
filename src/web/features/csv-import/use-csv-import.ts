import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { type Delimiter, ONE_COLUMN_MESSAGE } from '../../../core/csv-import/delimiter';
import {
  type DuplicateMsku,
  findDuplicateMskus,
  keepLastOfEachMsku,
} from '../../../core/csv-import/duplicates';
import type { TextEncodingName } from '../../../core/csv-import/encoding';
import type { Blanks, ImportPreview, ImportResult } from '../../../core/csv-import/import-request';
import { validateSentColumns } from '../../../core/csv-import/import-table';
import {
  applySavedMapping,
  clearMappings,
  dropOnTarget,
  EMPTY_CSV_MESSAGE,
  emptyMapping,
  isUsableCsv,
  keepCompatible,
  type Mapping,
  mappedColumns,
  NO_DATA_MESSAGE,
  unmapColumn,
} from '../../../core/csv-import/mapping';
import {
  type RecognizedReport,
  recognizeReport,
  type SheetRows,
  shapeReportRows,
} from '../../../core/csv-import/reports';
import { sheetRowNumbers, withSourceRowNumbers } from '../../../core/csv-import/row-numbers';
import { type TargetKey, targetByKey } from '../../../core/csv-import/targets';
import {
  type DecimalSeparator,
  detectCurrency,
  detectDecimalSeparator,
  parseText,
} from '../../../core/csv-import/values';
import type { Marketplace } from '../../../core/marketplace/marketplaces';
import { MARKETPLACE_CURRENCIES, marketplaceByCode, marketplaceOf } from '../../../core/restock/marketplace';
import { ApiError } from '../../lib/api-client';
import { reloadRestockTable } from '../restock/table-reads';
import {
  FETCH_MAPPING_FAILED,
  fetchSavedSettings,
  type ImportBody,
  importBody,
  importInventory,
  importKeys,
  previewImport,
  SAVE_FAILED,
  saveMapping,
} from './api';
import { parseCsvFile } from './parse-csv';
import type { EncodingPreview } from './read-csv';

export const SAVED_MESSAGE = 'Data saved!';

/** 'Data saved! 120 new, 3,400 updated, 12 unchanged.' */
export function savedMessage(counts: { inserted: number; updated: number; unchanged: number }): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${SAVED_MESSAGE} ${n(counts.inserted)} new, ${n(counts.updated)} updated, ${n(counts.unchanged)} unchanged.`;
}

export type LoadedFile = {
  name: string;
  encoding: TextEncodingName;
  delimiter: Delimiter;
  /** The rows as the file holds them, each with its spreadsheet row number. */
  sheet: SheetRows;
  /** The marketplace report recognised by its headers. */
  report: RecognizedReport | null;
  /** The decimal separator the file's numbers use, when they say. */
  detectedDecimal: DecimalSeparator | null;
};

export type DecimalChoice = 'auto' | DecimalSeparator;
/** 'auto': what the file says; '': none (each product keeps its own); else a country code. */
export type MarketChoice = 'auto' | '' | string;

/** The marketplace a currency belongs to, when only one does. */
const MARKET_OF_CURRENCY: Readonly<Record<string, string>> = {
  GBP: 'GB',
  INR: 'IN',
  JPY: 'JP',
  CAD: 'CA',
  AUD: 'AU',
  MXN: 'MX',
};
const MARKET_OF_LANGUAGE: Readonly<Record<string, string>> = { de: 'DE', fr: 'FR', ja: 'JP' };

/** The currency marks in the columns mapped to money fields. */
function markedCurrency(sheet: SheetRows, mapping: Mapping): string | null {
  const columns = Object.entries(mapping).flatMap(([key, column]) =>
    column !== null && targetByKey(key)?.type === 'money' ? [column] : [],
  );
  if (columns.length === 0) return null;
  const cells: unknown[] = [];
  for (const row of sheet.rows.slice(0, DECIMAL_SAMPLE_ROWS))
    for (const column of columns) cells.push(row[column]);
  const code = detectCurrency(cells);
  return code !== null && MARKETPLACE_CURRENCIES.has(code) ? code : null;
}
export type Phase = 'idle' | 'loading' | 'ready' | 'checking' | 'review' | 'saving';
export type Review = { preview: ImportPreview; body: ImportBody };

const DECIMAL_SAMPLE_ROWS = 2000;

function sampleCells(sheet: SheetRows): string[] {
  const cells: string[] = [];
  for (const row of sheet.rows.slice(0, DECIMAL_SAMPLE_ROWS))
    for (const value of Object.values(row)) if (value) cells.push(value);
  return cells;
}

/** German and French reports write decimal commas when their numbers do not say. */
const languageDecimal = (report: RecognizedReport | null): DecimalSeparator =>
  report?.language === 'de' || report?.language === 'fr' ? ',' : '.';

const sameMapping = (a: Mapping, b: Mapping) =>
  Object.keys(a).every((key) => a[key as TargetKey] === b[key as TargetKey]);

/**
 * The importer's state and its transitions (SPEC 4, DESIGN 12): read a file (its encoding,
 * delimiter and report), map columns by drop or select, check the change on the server (a dry
 * run), confirm it, save. All state resets after a successful save.
 */
export function useCsvImport(onSaved?: (result: ImportResult) => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [encodingChoice, setEncodingChoice] = useState<{ file: File; readings: EncodingPreview[] } | null>(
    null,
  );
  const [mapping, setMapping] = useState<Mapping>(emptyMapping);
  const [phase, setPhase] = useState<Phase>('idle');
  const [decimalChoice, setDecimalChoice] = useState<DecimalChoice>('auto');
  const [skipFiltered, setSkipFiltered] = useState(false);
  const [marketChoice, setMarketChoice] = useState<MarketChoice>('auto');
  const [keepLast, setKeepLast] = useState(false);
  const [blanks, setBlanksState] = useState<Blanks>('keep');
  const [rememberMapping, setRememberMapping] = useState(false);
  const [review, setReview] = useState<Review | null>(null);
  const [confirmClears, setConfirmClears] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [savedAlternative, setSavedAlternative] = useState<Mapping | null>(null);
  // Each load gets a number, so a slow parse or fetch for an older file cannot overwrite a newer one.
  const loadNumber = useRef(0);
  // Once the user maps by hand, a saved mapping that arrives late must not undo their work.
  const isTouched = useRef(false);
  // The chosen file, to read it again in another encoding.
  const source = useRef<File | null>(null);

  const decimal: DecimalSeparator =
    decimalChoice === 'auto'
      ? (file?.detectedDecimal ?? languageDecimal(file?.report ?? null))
      : decimalChoice;

  // The report's own shape: one row per SKU, inactive rows left out on request, computed columns.
  const shaped = useMemo(
    () => (file?.report ? shapeReportRows(file.sheet, file.report, { skipFiltered }) : (file?.sheet ?? null)),
    [file, skipFiltered],
  );
  const duplicates: DuplicateMsku[] = useMemo(
    () => (shaped && mapping.msku ? findDuplicateMskus(shaped, mapping.msku) : []),
    [shaped, mapping.msku],
  );
  const sheet = useMemo(
    () => (shaped && keepLast && mapping.msku ? keepLastOfEachMsku(shaped, mapping.msku) : shaped),
    [shaped, keepLast, mapping.msku],
  );
  const openDuplicates = keepLast ? [] : duplicates;

  // The currency the file's amounts are marked with, and the marketplace the file says it is from.
  const fileCurrency = useMemo(
    () => (file && sheet ? (file.report?.currency ?? markedCurrency(sheet, mapping)) : null),
    [file, sheet, mapping],
  );
  const detectedMarket: Marketplace | null = useMemo(() => {
    const code =
      file?.report?.country ??
      MARKET_OF_LANGUAGE[file?.report?.language ?? ''] ??
      MARKET_OF_CURRENCY[fileCurrency ?? ''];
    return marketplaceByCode(code) ?? null;
  }, [file, fileCurrency]);
  const market: Marketplace | null =
    marketChoice === 'auto' ? detectedMarket : (marketplaceByCode(marketChoice) ?? null);
  // Known only when the file or the seller says so: plain numbers change no product's currency.
  const currency = fileCurrency ?? market?.currency ?? null;

  const mappedRowCount = useMemo(() => {
    const mskuColumn = mapping.msku;
    if (!sheet || mskuColumn == null) return 0;
    let count = 0;
    for (const row of sheet.rows) if (parseText(row[mskuColumn]) !== null) count += 1;
    return count;
  }, [sheet, mapping.msku]);

  /** Any change to what would be imported drops a preview of the old rows. */
  function invalidateReview() {
    setReview(null);
    setConfirmClears(false);
    setPhase((current) => (current === 'review' ? 'ready' : current));
  }

  function reset() {
    loadNumber.current += 1;
    clearState();
  }

  function clearState() {
    isTouched.current = false;
    setFile(null);
    setEncodingChoice(null);
    setMapping(emptyMapping());
    setPhase('idle');
    setDecimalChoice('auto');
    setSkipFiltered(false);
    setMarketChoice('auto');
    setKeepLast(false);
    setBlanksState('keep');
    setRememberMapping(false);
    setReview(null);
    setConfirmClears(false);
    setProblem(null);
    setRefused([]);
    setSavedAlternative(null);
  }

  function changeMapping(next: Mapping) {
    isTouched.current = true;
    setProblem(null);
    setSavedAlternative(null);
    invalidateReview();
    setMapping(next);
  }

  async function applySaved(
    current: number,
    loaded: LoadedFile,
    rows: SheetRows,
    decimalUsed: DecimalSeparator,
  ) {
    try {
      const saved = await fetchSavedSettings();
      if (current !== loadNumber.current) return;
      setBlanksState(saved.blanks);
      if (isTouched.current) return;
      const applied = keepCompatible(applySavedMapping(saved.mapping, rows.headers), rows.rows, {
        decimal: decimalUsed,
      });
      if (applied.mapping.msku === null) return;
      if (!loaded.report) {
        setMapping(applied.mapping);
        setRefused(applied.refused);
        return;
      }
      // A recognised report's own mapping wins; the saved one is offered when it differs.
      const reportMapping = keepCompatible(loaded.report.mapping, rows.rows, {
        decimal: decimalUsed,
      }).mapping;
      if (!sameMapping(applied.mapping, reportMapping)) setSavedAlternative(applied.mapping);
    } catch {
      if (current === loadNumber.current) toast.error(FETCH_MAPPING_FAILED);
    }
  }

  function refuseFile(message: string) {
    toast.error(message);
    setProblem(message);
    setFile(null);
    setMapping(emptyMapping());
    setPhase('idle');
  }

  async function loadFile(chosen: File, encoding?: TextEncodingName) {
    loadNumber.current += 1;
    const current = loadNumber.current;
    clearState();
    source.current = chosen;
    setPhase('loading');
    let result: Awaited<ReturnType<typeof parseCsvFile>>;
    try {
      result = await parseCsvFile(chosen, { encoding });
    } catch {
      result = {
        kind: 'parsed',
        csv: { headers: [], rows: [], lines: [] },
        encoding: 'utf-8',
        delimiter: ',',
      };
    }
    if (current !== loadNumber.current) return;
    if (result.kind === 'ask') {
      setPhase('idle');
      setEncodingChoice({ file: chosen, readings: result.readings });
      return;
    }
    if (result.kind === 'one-column') return refuseFile(ONE_COLUMN_MESSAGE);
    const { csv } = result;
    if (!isUsableCsv(csv.headers, csv.rows)) return refuseFile(EMPTY_CSV_MESSAGE);
    const report = recognizeReport(csv.headers, csv.rows);
    const loaded: LoadedFile = {
      name: chosen.name,
      encoding: result.encoding,
      delimiter: result.delimiter,
      sheet: csv,
      report,
      detectedDecimal: detectDecimalSeparator(sampleCells(csv)),
    };
    const decimalUsed = loaded.detectedDecimal ?? languageDecimal(report);
    const rows = report ? shapeReportRows(csv, report) : csv;
    setFile(loaded);
    setPhase('ready');
    if (report) {
      const checked = keepCompatible(report.mapping, rows.rows, { decimal: decimalUsed });
      setMapping(checked.mapping);
      setRefused(checked.refused);
    }
    await applySaved(current, loaded, rows, decimalUsed);
  }

  /** The same file read again in another encoding (the user's choice). */
  async function loadFileAgain(encoding: TextEncodingName) {
    if (source.current) await loadFile(source.current, encoding);
  }

  /** The user picked one of two readings of the file's bytes. */
  function chooseEncoding(encoding: TextEncodingName) {
    const pending = encodingChoice;
    if (pending) void loadFile(pending.file, encoding);
  }

  /** SPEC 4 and 8: a drop on a target, refused with a toast when incompatible or unknown. */
  function dropColumn(column: string, targetId: string) {
    if (!sheet) return;
    const result = dropOnTarget(mapping, sheet.rows, column, targetId, { decimal });
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
  const applySavedAlternative = () => savedAlternative && changeMapping(savedAlternative);

  function option<T>(set: (value: T) => void) {
    return (value: T) => {
      invalidateReview();
      setProblem(null);
      set(value);
    };
  }

  function fail(error: unknown) {
    const message = error instanceof ApiError ? error.message : SAVE_FAILED;
    setProblem(message);
    toast.error(message);
  }

  /**
   * Save: checks every row in the browser first (naming the spreadsheet's own row), then asks the
   * server what the import would change. The review shows it; confirm writes it.
   */
  async function save() {
    if (!file || !sheet || phase !== 'ready') return;
    setProblem(null);
    if (mapping.msku !== null && openDuplicates.length > 0) {
      const message = `Each MSKU may appear only once: ${openDuplicates.length.toLocaleString('en-US')} MSKUs appear more than once`;
      setProblem(message);
      toast.error(message);
      return;
    }
    const built = mappedColumns(sheet.rows, mapping, { decimal });
    const size = built.sourceIndexes.length;
    if (size === 0) {
      toast.error(NO_DATA_MESSAGE);
      return;
    }
    // The file's marketplace and currency go on every row, unless columns of the file give them.
    const { columns } = built.columns;
    if (market && mapping.marketplace === null)
      columns.marketplace = new Array(size).fill(market.countryCode);
    // A currency that is the marketplace's own is implied by it, so it is not stored again.
    const impliedCurrency = (market ?? marketplaceOf(null)).currency;
    if (currency && currency !== impliedCurrency && mapping.currency === null)
      columns.currency = new Array(size).fill(currency);
    const validation = validateSentColumns(columns, built.columns.leftOut);
    if (!validation.ok) {
      const message = withSourceRowNumbers(
        validation.message,
        sheetRowNumbers(built.sourceIndexes, sheet.lines),
      );
      setProblem(message);
      toast.error(message);
      return;
    }
    const body = importBody(built.columns, {
      blanks,
      fileName: file.name,
      reportType: file.report?.profile.name ?? null,
    });
    setPhase('checking');
    try {
      const preview = await previewImport(body);
      if (preview.inserted + preview.updated === 0) {
        setPhase('ready');
        setProblem(`Every product in this file already has these values. ${NO_DATA_MESSAGE}.`);
        toast.error(NO_DATA_MESSAGE);
        return;
      }
      setReview({ preview, body });
      setConfirmClears(false);
      setPhase('review');
    } catch (error) {
      setPhase('ready');
      fail(error);
    }
  }

  const clearedCount = review ? review.preview.fields.reduce((sum, field) => sum + field.cleared, 0) : 0;
  const canConfirm = phase === 'review' && (clearedCount === 0 || confirmClears);

  /** Writes the reviewed rows; the toast says what changed and leads to the history. */
  async function confirm() {
    if (!review || !canConfirm) return;
    setPhase('saving');
    try {
      const result = await importInventory(review.body);
      if (rememberMapping) {
        await saveMapping(mapping, blanks).catch((error: unknown) =>
          toast.error(error instanceof Error ? error.message : 'Failed to save the column mapping'),
        );
      }
      void reloadRestockTable(queryClient);
      void queryClient.invalidateQueries({ queryKey: importKeys.history });
      reset();
      onSaved?.(result);
    } catch (error) {
      setPhase('review');
      fail(error);
    }
  }

  function backToMapping() {
    invalidateReview();
    setPhase('ready');
  }

  return {
    file,
    sheet,
    mapping,
    mappedRowCount,
    phase,
    problem,
    refused,
    savedAlternative,
    encodingChoice,
    decimal,
    decimalChoice,
    setDecimalChoice: option(setDecimalChoice),
    skipFiltered,
    setSkipFiltered: option(setSkipFiltered),
    marketChoice,
    setMarketChoice: option(setMarketChoice),
    detectedMarket,
    market,
    currency,
    duplicates,
    keepLast,
    setKeepLast: option(setKeepLast),
    blanks,
    setBlanks: option(setBlanksState),
    rememberMapping,
    setRememberMapping,
    review,
    clearedCount,
    confirmClears,
    setConfirmClears,
    canConfirm,
    loadFile,
    loadFileAgain,
    chooseEncoding,
    dropColumn,
    chooseColumn,
    unmap,
    clearAll,
    applySavedAlternative,
    save,
    confirm,
    backToMapping,
    reset,
  };
}

export type CsvImportState = ReturnType<typeof useCsvImport>;
