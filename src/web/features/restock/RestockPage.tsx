import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { SortColumn } from 'react-data-grid';
import { isoDate } from '../../../core/dates';
import { type ColumnFilter, type Filters, filterRows, sortRows } from '../../../core/restock/grid-rows';
import { BUILT_IN_DEFAULTS } from '../../../core/restock/product';
import { restockCsvFileName, restockTableCsv } from '../../../core/restock/table-csv';
import { saveCsv } from '../../lib/download';
import { Button } from '../../ui/Button';
import { useComponentLevel } from '../access/gates';
import {
  moveKey,
  useCalculationDefaults,
  useEditCell,
  useRestockColumns,
  useRestockRows,
  useSaveColumnOrder,
} from './api';
import { FiltersContext } from './filters-context';
import { RestockGrid } from './RestockGrid';
import styles from './RestockPage.module.css';

const CsvImportDialog = lazy(async () => ({
  default: (await import('../csv-import/CsvImportDialog')).CsvImportDialog,
}));

const logUnknownColumn = (key: string) => console.error('Column not found for key', key);
const rowCount = new Intl.NumberFormat('en-US');

export function RestockPage() {
  const columns = useRestockColumns();
  const rows = useRestockRows();
  const defaults = useCalculationDefaults();
  const saveOrder = useSaveColumnOrder();
  const editCell = useEditCell();
  const canEdit = useComponentLevel('restock.edit') >= 2;
  const canImport = useComponentLevel('restock.import') >= 2;
  const [filters, setFilters] = useState<Filters>({});
  const [sortColumns, setSortColumns] = useState<readonly SortColumn[]>([]);
  const [isImportOpen, setImportOpen] = useState(false);

  const setFilter = useCallback((key: string, value: ColumnFilter | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
  }, []);
  const filtersState = useMemo(() => ({ filters, setFilter }), [filters, setFilter]);

  const visibleRows = useMemo(() => {
    if (!rows.data || !columns.data) return [];
    return sortRows(
      filterRows(rows.data, filters, columns.data),
      sortColumns,
      columns.data,
      logUnknownColumn,
    );
  }, [rows.data, columns.data, filters, sortColumns]);

  const onColumnsReorder = useCallback(
    (source: string, target: string) => {
      if (!columns.data) return;
      saveOrder.mutate(
        moveKey(
          columns.data.map((column) => column.key),
          source,
          target,
        ),
      );
    },
    [columns.data, saveOrder],
  );

  if (columns.isPending || rows.isPending) return <p>Loading...</p>;
  if (columns.isError || rows.isError) return <p role="alert">Error loading data</p>;

  const total = rows.data.length;
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const openImport = () => setImportOpen(true);
  // The rows as filtered and sorted on screen, in the visible columns and their order.
  const exportCsv = () =>
    saveCsv(restockTableCsv(columns.data, visibleRows), restockCsvFileName(isoDate(Date.now())));

  return (
    <section className={styles.page} aria-label="Restock table">
      <div className={styles.toolbar}>
        <h1>Restock</h1>
        <span className={styles.count} aria-live="polite">
          {visibleRows.length === total
            ? `${rowCount.format(total)} rows`
            : `${rowCount.format(visibleRows.length)} of ${rowCount.format(total)} rows`}
        </span>
        <Button variant="secondary" onClick={() => setFilters({})} disabled={!hasFilters}>
          Clear Filters
        </Button>
        <Button variant="secondary" onClick={exportCsv} disabled={visibleRows.length === 0}>
          Export CSV
        </Button>
        {canImport ? <Button onClick={openImport}>Import CSV</Button> : null}
      </div>
      {total === 0 ? (
        <div className={styles.empty}>
          <h2>No products yet</h2>
          <p>
            Import a CSV file or a marketplace report (Restock Inventory, Manage Inventory or All Listings)
            and Replen will tell you what to buy, how many, and what it will cost.
          </p>
          {canImport ? <Button onClick={openImport}>Import CSV</Button> : null}
        </div>
      ) : (
        <div className={styles.gridArea}>
          <FiltersContext.Provider value={filtersState}>
            <RestockGrid
              columns={columns.data}
              rows={visibleRows}
              sortColumns={sortColumns}
              onSortColumnsChange={setSortColumns}
              onColumnsReorder={onColumnsReorder}
              onEdit={editCell}
              canEdit={canEdit}
              defaults={defaults.data ?? BUILT_IN_DEFAULTS}
            />
          </FiltersContext.Provider>
        </div>
      )}
      {isImportOpen ? (
        <Suspense fallback={null}>
          <CsvImportDialog
            open={isImportOpen}
            onClose={() => setImportOpen(false)}
            onImported={() => void rows.refetch()}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
