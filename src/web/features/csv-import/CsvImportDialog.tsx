import { useEffect, useId, useRef } from 'react';
import styles from './CsvImportDialog.module.css';
import { CsvImporter } from './CsvImporter';

export interface CsvImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful import, so the restock table can refetch. */
  onImported?: () => void;
}

/**
 * SPEC 2: the modal opened by the restock table's Import CSV button. Closing it drops whatever
 * was loaded (the importer unmounts); a successful save closes it too.
 */
export function CsvImportDialog({ open, onClose, onImported }: CsvImportDialogProps) {
  if (!open) return null;
  return <OpenDialog onClose={onClose} onImported={onImported} />;
}

function OpenDialog({ onClose, onImported }: Omit<CsvImportDialogProps, 'open'>) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const isDragging = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    // Focus goes back to the Import CSV button when the dialog closes.
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      // Escape during a drag only cancels the drag (dnd-kit handles it).
      if (event.key === 'Escape' && !isDragging.current) onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Import CSV
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className={styles.body}>
          <CsvImporter
            onCancel={onClose}
            onSaved={() => {
              onImported?.();
              onClose();
            }}
            onDraggingChange={(dragging) => {
              isDragging.current = dragging;
            }}
          />
        </div>
      </div>
    </div>
  );
}
