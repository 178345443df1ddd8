import { useId } from 'react';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import { Button } from '../../ui/Button';
import { useAccessComponents } from '../access/api';
import { useComponentLevel } from '../access/gates';
import styles from './csv-import.module.css';
import { MappingBoard } from './MappingBoard';
import { MappingPreview } from './MappingPreview';
import { useCsvImport } from './use-csv-import';

const ACCEPTED_FILES = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

type CsvImporterProps = {
  /** After a successful save; the importer has already reset itself. */
  onSaved?: () => void;
  /** Shows a Cancel button (the dialog). */
  onCancel?: () => void;
  onDraggingChange?: (isDragging: boolean) => void;
};

/**
 * SPEC 2 and 4: choose a file, map its columns onto the import fields by drag and drop or with
 * each field's select, check the preview, save. Used inline and inside CsvImportDialog.
 */
export function CsvImporter({ onSaved, onCancel, onDraggingChange }: CsvImporterProps) {
  const state = useCsvImport(onSaved);
  const { file, mapping, mappedRowCount, isSaving } = state;
  // The server refuses imports below Can Edit (DESIGN 6); say so before the user maps a whole file.
  const isAccessKnown = useAccessComponents() !== null;
  const canImport = useComponentLevel('restock.import') >= 2;
  const inputId = useId();

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
            if (chosen) void state.loadFile(chosen);
          }}
        />
        <label htmlFor={inputId} className={styles.fileButton}>
          {file ? 'Choose another file' : 'Choose CSV file'}
        </label>
        {state.isLoading ? (
          <span className={styles.hint} role="status">
            Reading file...
          </span>
        ) : file ? (
          <div className={styles.fileMeta}>
            <span className={styles.fileName}>{file.name}</span>
            <span>
              {file.rows.length.toLocaleString('en-US')} rows · {file.headers.length} columns
            </span>
          </div>
        ) : (
          <p className={styles.hint}>
            A .csv, .tsv or .txt file with a header line. Marketplace reports (Restock Inventory, FBA Manage
            Inventory, All Listings) are recognised and mapped for you.
          </p>
        )}
        {file?.reportName ? (
          <span className={styles.badge} role="status">
            ✓ Recognised: {file.reportName}
          </span>
        ) : null}
      </div>

      {file ? (
        <>
          <p className={styles.hint}>
            Drag a CSV column onto a field, or pick it in the field’s list. Drag a mapped column back to the
            left to unmap it.
          </p>
          <MappingBoard
            headers={file.headers}
            mapping={mapping}
            onDrop={state.dropColumn}
            onUnmap={state.unmap}
            onChoose={state.chooseColumn}
            onDraggingChange={onDraggingChange}
          />
          <div className={styles.toolbar}>
            <span className={styles.hint}>
              {mappedRowCount.toLocaleString('en-US')} rows with an MSKU will be imported.
            </span>
            <Button variant="secondary" onClick={state.clearAll}>
              Clear All Mappings
            </Button>
          </div>
          <MappingPreview rows={file.rows} mapping={mapping} total={mappedRowCount} />
        </>
      ) : null}

      {state.problem ? (
        <p className={styles.problem} role="alert">
          {state.problem}
        </p>
      ) : null}

      <div className={styles.footer}>
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
          <Button
            onClick={() => void state.save()}
            disabled={isSaving || mappedRowCount === 0 || !canImport}
            title={canImport ? undefined : NO_EDIT_PERMISSION_TOOLTIP}
          >
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </div>
  );
}
