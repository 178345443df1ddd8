import 'react-data-grid/lib/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Column, DataGrid, type SortColumn } from 'react-data-grid';
import type { RestockColumn } from '../../../core/restock/columns';
import { firstChangedField } from '../../../core/restock/edit-diff';
import type { CalculationDefaults } from '../../../core/restock/product';
import { useTheme } from '../../app/theme-context';
import type { CellEdit, GridRow } from './api';
import { isEmptyValue, ProductCell, renderCellEditor, replenCell, toBuyCell, valueCell } from './cells';
import { renderHeaderCell } from './HeaderCell';
import styles from './RestockGrid.module.css';

// SPEC 2 and 9.
const ROW_HEIGHT = 35;
const HEADER_HEIGHT = 90;

type Props = {
  columns: readonly RestockColumn[];
  rows: readonly GridRow[];
  sortColumns: readonly SortColumn[];
  onSortColumnsChange: (sortColumns: SortColumn[]) => void;
  onColumnsReorder: (sourceKey: string, targetKey: string) => void;
  onEdit: (edit: CellEdit) => void;
  canEdit: boolean;
  defaults: CalculationDefaults;
};

function toGridColumn(
  column: RestockColumn,
  canEdit: boolean,
  defaults: CalculationDefaults,
): Column<GridRow> {
  const isEditable = canEdit && column.editable && column.format !== 'boolean';
  let renderCell: Column<GridRow>['renderCell'] = valueCell(column);
  if (column.key === 'product') renderCell = ProductCell;
  else if (column.format === 'boolean') renderCell = replenCell(canEdit && column.editable);
  else if (column.key === 'recommended_buy_quantity') renderCell = toBuyCell(defaults);
  return {
    key: column.key,
    name: column.name,
    width: column.width,
    frozen: column.frozen,
    resizable: false,
    sortable: true,
    draggable: !column.frozen,
    editable: isEditable,
    renderEditCell: isEditable ? renderCellEditor(column) : undefined,
    renderHeaderCell: renderHeaderCell(column),
    renderCell,
    // SPEC 2: cells with no value show a red-tinted marker (the product cell always has one).
    cellClass:
      column.key === 'product'
        ? undefined
        : (row) => (isEmptyValue((row as Record<string, unknown>)[column.key]) ? styles.empty : undefined),
  };
}

export function RestockGrid(props: Props) {
  const { columns, rows, canEdit, defaults, onEdit } = props;
  const { theme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const [hasSelection, setHasSelection] = useState(false);

  const gridColumns = useMemo(
    () => columns.map((column) => toGridColumn(column, canEdit, defaults)),
    [columns, canEdit, defaults],
  );

  useEffect(() => {
    const clearOnOutsideClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setHasSelection(false);
    };
    document.addEventListener('mousedown', clearOnOutsideClick);
    return () => document.removeEventListener('mousedown', clearOnOutsideClick);
  }, []);

  const onRowsChange = (nextRows: GridRow[], { indexes }: { indexes: number[] }) => {
    for (const index of indexes) {
      const before = rows[index];
      const after = nextRows[index];
      if (!before || !after) continue;
      // SPEC 4: the first changed field of the row, as {id, data: {field: value}}.
      const change = firstChangedField([before], [after], 'id');
      if (change) onEdit({ id: change.id, version: before.version, data: change.data });
    }
  };

  return (
    <div
      ref={container}
      className={hasSelection ? '' : styles.noSelection}
      data-has-selection={hasSelection}
      style={{ height: '100%' }}
    >
      <DataGrid
        aria-label="Restock"
        className={`${styles.grid} ${theme === 'dark' ? 'rdg-dark' : 'rdg-light'}`}
        columns={gridColumns}
        rows={rows}
        rowKeyGetter={(row) => row.id}
        rowHeight={ROW_HEIGHT}
        headerRowHeight={HEADER_HEIGHT}
        sortColumns={props.sortColumns}
        onSortColumnsChange={props.onSortColumnsChange}
        onColumnsReorder={props.onColumnsReorder}
        onRowsChange={onRowsChange}
        onCellClick={() => setHasSelection(true)}
        defaultColumnOptions={{ resizable: false, sortable: true }}
      />
    </div>
  );
}
