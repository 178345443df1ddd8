import { useState } from 'react';
import {
  addSelected,
  canAdd,
  initPicker,
  removeSelected,
  selectAvailable,
  selectVisible,
} from '../../../core/access/column-picker';
import { Button } from '../../ui/Button';
import { EditControl } from '../access/gates';
import { useSaveSelection } from './api';
import { ColumnList } from './ColumnList';
import styles from './ColumnPicker.module.css';
import { canRemoveColumn, moveColumn } from './pinned';

type ColumnPickerProps = {
  allColumns: readonly string[];
  savedColumns: readonly string[];
  /** SPEC 6: 'column-picker.visible-columns' at Can Edit; otherwise its panel is disabled. */
  canEditVisible: boolean;
};

/** SPEC 2 /test: Available Columns and Visible Columns, Add ➡ / ⬅ Remove, '<' and '>', Save. */
export function ColumnPicker({ allColumns, savedColumns, canEditVisible }: ColumnPickerProps) {
  const [state, setState] = useState(() => initPicker(allColumns, savedColumns));
  const save = useSaveSelection();

  return (
    <div>
      <div className={styles.board}>
        <ColumnList
          label="Available Columns"
          columns={state.available}
          selected={state.selectedAvailable}
          onSelect={(column) => setState((current) => selectAvailable(current, column))}
        />
        <EditControl canEdit={canEditVisible} restriction="disabled">
          <div className={styles.actions}>
            <Button variant="secondary" disabled={!canAdd(state)} onClick={() => setState(addSelected)}>
              Add ➡
            </Button>
            <Button
              variant="secondary"
              disabled={!canRemoveColumn(state)}
              onClick={() => setState(removeSelected)}
            >
              ⬅ Remove
            </Button>
          </div>
        </EditControl>
        <EditControl canEdit={canEditVisible} restriction="disabled">
          <div className={styles.visiblePanel}>
            <ColumnList
              label="Visible Columns"
              columns={state.visible}
              selected={state.selectedVisible}
              onSelect={(column) => setState((current) => selectVisible(current, column))}
            />
            <div className={styles.moves}>
              {/* SPEC 5: the moves do nothing at the list ends. */}
              <Button
                variant="secondary"
                title="Move earlier"
                onClick={() => setState((current) => moveColumn(current, -1))}
              >
                <span aria-hidden="true">{'<'}</span>
                <span className="visually-hidden">Move earlier</span>
              </Button>
              <Button
                variant="secondary"
                title="Move later"
                onClick={() => setState((current) => moveColumn(current, 1))}
              >
                <span aria-hidden="true">{'>'}</span>
                <span className="visually-hidden">Move later</span>
              </Button>
            </div>
          </div>
        </EditControl>
      </div>
      <p className={styles.note}>The Product column is always shown, first.</p>
      <div className={styles.footer}>
        <EditControl canEdit={canEditVisible} restriction="disabled">
          <Button disabled={save.isPending} onClick={() => save.mutate(state.visible)}>
            Save
          </Button>
        </EditControl>
      </div>
    </div>
  );
}
