import 'react-data-grid/lib/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Column, DataGrid, type SortColumn } from 'react-data-grid';
import { parseFieldValue } from '../../../core/product-fields/field-values';
import { isEditableField } from '../../../core/product-fields/fields';
import { blankCell } from '../../../core/restock/blank-cells';
import type { CalculationDefaults } from '../../../core/restock/calculation-defaults';
import { parseCellText } from '../../../core/restock/cell-text';
import type { RestockColumn } from '../../../core/restock/columns';
import { useTheme } from '../../app/theme-context';
import type { GridRow } from './api';
import { autoPlacedCells } from './auto-placed-cells';
import {
  type CellDraft,
  DraftCell,
  isEmptyValue,
  ProductCell,
  renderCellEditor,
  replenCell,
  toBuyCell,
  valueCell,
} from './cells';
import { renderHeaderCell } from './HeaderCell';
import styles from './RestockGrid.module.css';
import type { RowEdit } from './row-edit-queue';
import { urgencyRowClass } from './urgency-rows';
import { useRowsRestWhileWheeling } from './wheel-rest';

// SPEC 2 and 9.
const ROW_HEIGHT = 35;
const HEADER_HEIGHT = 90;

type Props = {
  columns: readonly RestockColumn[];
  rows: readonly GridRow[];
  sortColumns: readonly SortColumn[];
  onSortColumnsChange: (sortColumns: SortColumn[]) => void;
  onColumnsReorder: (sourceKey: string, targetKey: string) => void;
  onEdit: (edit: RowEdit) => void;
  canEdit: boolean;
  defaults: CalculationDefaults;
  /** Shown instead of rows when none pass the filters. */
  noRowsFallback?: React.ReactNode;
};

/** Refused entries by cell, so each stays where it was typed. */
type Drafts = ReadonlyMap<string, CellDraft>;
const cellId = (rowId: string, columnKey: string) => `${rowId}\n${columnKey}`;

function toGridColumn(
  column: RestockColumn,
  canEdit: boolean,
  defaults: CalculationDefaults,
  drafts: Drafts,
  cancelDraft: (rowId: string, columnKey: string) => void,
): Column<GridRow> {
  const field = isEditableField(column.key) ? column.key : null;
  const isEditable = canEdit && field !== null && column.format !== 'boolean';
  let renderCell: Column<GridRow>['renderCell'] = valueCell(column, defaults);
  if (column.key === 'product') renderCell = ProductCell;
  else if (column.format === 'boolean') renderCell = replenCell(canEdit && column.editable);
  else if (column.key === 'recommended_buy_quantity') renderCell = toBuyCell(defaults);
  const draftOf = (rowId: string) => (drafts.size === 0 ? undefined : drafts.get(cellId(rowId, column.key)));
  const renderValue = renderCell;
  return {
    key: column.key,
    name: column.name,
    width: column.width,
    frozen: column.frozen,
    resizable: false,
    sortable: true,
    draggable: !column.frozen,
    editable: isEditable,
    renderEditCell:
      isEditable && field !== null
        ? renderCellEditor(field, draftOf, (rowId) => cancelDraft(rowId, column.key))
        : undefined,
    // The answer to an earlier edit of the row must not close an editor the user is typing in.
    editorOptions: { closeOnExternalRowChange: false },
    renderHeaderCell: renderHeaderCell(column),
    renderCell: (props) => {
      const draft = draftOf(props.row.id);
      return draft ? <DraftCell draft={draft} /> : renderValue(props);
    },
    // SPEC 2: cells with no value show a red-tinted marker (the product cell always has one),
    // unless the blank stands for a default or an optional setting.
    cellClass:
      column.key === 'product' || blankCell(column.key, defaults).kind !== 'missing'
        ? undefined
        : (row) => {
            if (draftOf(row.id)) return styles.refused;
            return isEmptyValue((row as Record<string, unknown>)[column.key]) ? styles.empty : undefined;
          },
  };
}

const withoutDraft = (drafts: Drafts, id: string): Drafts => {
  if (!drafts.has(id)) return drafts;
  const next = new Map(drafts);
  next.delete(id);
  return next;
};

export function RestockGrid(props: Props) {
  const { columns, rows, canEdit, defaults, onEdit } = props;
  const { theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [hasSelection, setHasSelection] = useState(false);
  useRowsRestWhileWheeling(container);
  const renderCell = useMemo(() => autoPlacedCells<GridRow>(), []);

  const [drafts, setDrafts] = useState<Drafts>(() => new Map());
  const gridColumns = useMemo(() => {
    const cancelDraft = (rowId: string, columnKey: string) =>
      setDrafts((current) => withoutDraft(current, cellId(rowId, columnKey)));
    return columns.map((column) => toGridColumn(column, canEdit, defaults, drafts, cancelDraft));
  }, [columns, canEdit, defaults, drafts]);

  useEffect(() => {
    const clearOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setHasSelection(false);
    };
    document.addEventListener('mousedown', clearOnOutsideClick);
    return () => document.removeEventListener('mousedown', clearOnOutsideClick);
  }, []);

  // The grid says which column changed: its field is the one edit sent. Typed text is checked by
  // the field's rules here, before anything is sent; a refused entry stays in its cell with why.
  const onRowsChange = (
    nextRows: GridRow[],
    { indexes, column }: { indexes: number[]; column: { key: string } },
  ) => {
    const field = column.key;
    if (!isEditableField(field)) return;
    for (const index of indexes) {
      const edited = nextRows[index];
      if (!edited) continue;
      const typed = (edited as Record<string, unknown>)[field];
      const checked = typeof typed === 'string' ? parseCellText(field, typed) : parseFieldValue(field, typed);
      const id = cellId(edited.id, field);
      if (!checked.ok) {
        const draft = { text: String(typed), message: checked.message };
        setDrafts((current) => new Map(current).set(id, draft));
        continue;
      }
      setDrafts((current) => withoutDraft(current, id));
      const shown = rows.find((row) => row.id === edited.id);
      const before = shown ? (shown as Record<string, unknown>)[field] : undefined;
      if (!Object.is(before, checked.value)) onEdit({ id: edited.id, field, value: checked.value });
    }
  };

  return (
    <div
      ref={container}
      className={`${styles.frame} ${hasSelection ? '' : styles.noSelection}`}
      data-has-selection={hasSelection}
      style={{ height: '100%' }}
    >
      <DataGrid
        aria-label="Restock"
        className={`${styles.grid} ${theme === 'dark' ? 'rdg-dark' : 'rdg-light'}`}
        columns={gridColumns}
        rows={rows}
        // No rowKeyGetter: rows are keyed by their place in the view, so a sort or a keystroke
        // gives the rows and cells already on screen new values instead of unmounting them all and
        // mounting new ones (keyed by id, every visible row changed its key). State a cell keeps
        // (an open popover or drawer, a copy mark) names the product it belongs to.
        rowClass={urgencyRowClass}
        rowHeight={ROW_HEIGHT}
        headerRowHeight={HEADER_HEIGHT}
        sortColumns={props.sortColumns}
        onSortColumnsChange={props.onSortColumnsChange}
        onColumnsReorder={props.onColumnsReorder}
        onRowsChange={onRowsChange}
        onCellClick={() => setHasSelection(true)}
        defaultColumnOptions={{ resizable: false, sortable: true }}
        renderers={{ renderCell, noRowsFallback: props.noRowsFallback }}
      />
    </div>
  );
}
