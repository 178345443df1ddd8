import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import { countOf } from '../../../core/counts';
import type { ImportResult } from '../../../core/csv-import/import-request';
import type { HistoryReport } from '../../../core/sales-history/reports';
import { Button } from '../../ui/Button';
import { useAccessComponents } from '../access/api';
import { useCan } from '../access/use-can';
import { HistoryImport } from '../sales-history/HistoryImport';
import { sniffHistoryReport } from '../sales-history/parse-history';
import { ChangeReview } from './ChangeReview';
import styles from './csv-import.module.css';
import { EncodingQuestion } from './EncodingQuestion';
import { FileOptions } from './FileOptions';
import { ImportNotices } from './ImportNotices';
import { MappingBoard } from './MappingBoard';
import { MappingPreview } from './MappingPreview';
import { savedMessage, useCsvImport } from './use-csv-import';

const ACCEPTED_FILES = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';
export const IMPORTS_PATH = '/settings/imports';

type CsvImporterProps = {
  /** After a successful save; the importer has already reset itself. */
  onSaved?: () => void;
  /** Shows a Cancel button (the dialog). */
  onCancel?: () => void;
  onDraggingChange?: (isDragging: boolean) => void;
};

/**
 * SPEC 2 and 4, DESIGN 12: choose a file, map its columns onto the import fields by drag and drop
 * or with each field's select, check what the import will change, confirm. Used inline and inside
 * CsvImportDialog.
 */
export function CsvImporter({ onSaved, onCancel, onDraggingChange }: CsvImporterProps) {
  const navigate = useNavigate();
  const state = useCsvImport((result: ImportResult) => {
    // SPEC 8's 'Data saved!', with the counts and the way to undo it.
    toast.success(
      <span>
        {savedMessage(result)}{' '}
        <a
          href={IMPORTS_PATH}
          onClick={(event) => {
            event.preventDefault();
            void navigate(IMPORTS_PATH);
          }}
        >
          See or undo this import
        </a>
      </span>,
    );
    onSaved?.();
  });
  const { file, mapping, mappedRowCount, phase } = state;
  // The server refuses imports below Can Edit (DESIGN 6); say so before the user maps a whole file.
  const isAccessKnown = useAccessComponents() !== null;
  const canImport = useCan('restock.import');
  const inputId = useId();
  // Daily history files (All Orders, Inventory Ledger, sku,date,units) take their own path.
  const [history, setHistory] = useState<{ file: File; report: HistoryReport } | null>(null);

  async function choose(chosen: File) {
    const report = await sniffHistoryReport(chosen).catch(() => null);
    if (report) {
      state.reset();
      setHistory({ file: chosen, report });
      return;
    }
    setHistory(null);
    void state.loadFile(chosen);
  }
  const isReviewing = phase === 'review' || phase === 'saving';
  const isBusy = phase === 'checking' || phase === 'saving' || phase === 'loading';

  return (
    <div className={styles.importer}>
      <div className={styles.fileRow}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_FILES}
          className={styles.fileInput}
          aria-label="CSV file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared so that choosing the same file again loads it again.
            event.target.value = '';
            if (chosen) void choose(chosen);
          }}
        />
        <label htmlFor={inputId} className={styles.fileButton}>
          {file || history ? 'Choose another file' : 'Choose CSV file'}
        </label>
        {phase === 'loading' ? (
          <span className={styles.hint} role="status">
            Reading file...
          </span>
        ) : history ? null : file ? (
          <div className={styles.fileMeta}>
            <span className={styles.fileName}>{file.name}</span>
            <span>
              {countOf(file.sheet.rows.length, 'row')} · {countOf(file.sheet.headers.length, 'column')}
            </span>
          </div>
        ) : (
          <p className={styles.hint}>
            A .csv, .tsv or .txt file with a header line, in any encoding. Marketplace reports (Restock
            Inventory, FBA Inventory, Manage FBA Inventory, Amazon-Fulfilled Inventory, Inventory, Active and
            All Listings) are recognised and mapped for you; daily sales and stock come from the All Orders
            report, the Inventory Ledger report or a file with the columns sku, date and units.
          </p>
        )}
        {file?.report ? (
          <span className={styles.badge} role="status">
            ✓ Recognised: {file.report.profile.name}
          </span>
        ) : null}
      </div>

      {history ? (
        <HistoryImport
          key={`${history.file.name}-${history.file.lastModified}-${history.file.size}`}
          file={history.file}
          report={history.report}
          onSaved={() => {
            setHistory(null);
            onSaved?.();
          }}
          onCancel={onCancel}
        />
      ) : null}

      {state.encodingChoice && !history ? (
        <EncodingQuestion readings={state.encodingChoice.readings} onChoose={state.chooseEncoding} />
      ) : null}

      {file && state.sheet && !history ? (
        <>
          <FileOptions state={state} onEncoding={(encoding) => void state.loadFileAgain(encoding)} />
          <ImportNotices state={state} />
          {isReviewing ? (
            <ChangeReview state={state} />
          ) : (
            <>
              <p className={styles.hint}>
                Drag a CSV column onto a field, or pick it in the field’s list. Drag a mapped column back to
                the left to unmap it.
              </p>
              <MappingBoard
                headers={state.sheet.headers}
                mapping={mapping}
                onDrop={state.dropColumn}
                onUnmap={state.unmap}
                onChoose={state.chooseColumn}
                onDraggingChange={onDraggingChange}
              />
              <div className={styles.toolbar}>
                <span className={styles.hint}>
                  {countOf(mappedRowCount, 'row')} with an MSKU will be imported.
                </span>
                <Button variant="secondary" onClick={state.clearAll}>
                  Clear All Mappings
                </Button>
              </div>
              <MappingPreview
                rows={state.sheet.rows}
                mapping={mapping}
                total={mappedRowCount}
                decimal={state.decimal}
                currency={state.currency ?? 'USD'}
              />
            </>
          )}
        </>
      ) : null}

      {state.problem ? (
        <p className={styles.problem} role="alert">
          {state.problem}
        </p>
      ) : null}

      <div className={styles.footer} style={history ? { display: 'none' } : undefined}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={state.rememberMapping}
            onChange={(event) => state.setRememberMapping(event.target.checked)}
          />
          Save column mapping for next time
        </label>
        <div className={styles.actions}>
          {isAccessKnown && !canImport ? (
            <span className={styles.hint}>{NO_EDIT_PERMISSION_TOOLTIP}</span>
          ) : null}
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          {isReviewing ? (
            <>
              <Button variant="secondary" onClick={state.backToMapping} disabled={phase === 'saving'}>
                Back
              </Button>
              <Button onClick={() => void state.confirm()} disabled={!state.canConfirm}>
                {phase === 'saving' ? 'Saving...' : 'Confirm import'}
              </Button>
            </>
          ) : (
            <Button
              onClick={() => void state.save()}
              disabled={isBusy || mappedRowCount === 0 || !canImport}
              title={canImport ? undefined : NO_EDIT_PERMISSION_TOOLTIP}
            >
              {phase === 'checking' ? 'Checking...' : 'Save'}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
