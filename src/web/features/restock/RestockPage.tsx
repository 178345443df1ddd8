import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { isoDate } from '../../../core/dates';
import { anyFilterNarrows } from '../../../core/restock/active-filters';
import { BUILT_IN_DEFAULTS } from '../../../core/restock/calculation-defaults';
import type { ColumnFilter } from '../../../core/restock/grid-filters';
import { restockCsvFileName, restockTableCsv } from '../../../core/restock/table-csv';
import { saveCsv } from '../../lib/download';
import { Button } from '../../ui/Button';
import { useCan } from '../access/use-can';
import { SyncedAgo } from '../marketplace/SyncedAgo';
import {
  moveKey,
  useCalculationDefaults,
  useEditCell,
  useFirstRestockRows,
  useRestockColumns,
  useRestockRows,
  useSaveColumnOrder,
} from './api';
import { FiltersContext } from './filters-context';
import { RestockGrid } from './RestockGrid';
import styles from './RestockPage.module.css';
import { restockKeys } from './table-reads';
import { UrgencyLegend } from './UrgencyLegend';
import { useTableIndex } from './use-table-index';
import { useRestockViewState } from './view-state';

const CsvImportDialog = lazy(async () => ({
  default: (await import('../csv-import/CsvImportDialog')).CsvImportDialog,
}));

const logUnknownColumn = (key: string) => console.error('Column not found for key', key);
const rowCount = new Intl.NumberFormat('en-US');

export function RestockPage() {
  const columns = useRestockColumns();
  const defaults = useCalculationDefaults();
  const saveOrder = useSaveColumnOrder();
  const editCell = useEditCell();
  const canEdit = useCan('restock.edit');
  const canImport = useCan('restock.import');
  const { filters, setFilters, sortColumns, setSortColumns } = useRestockViewState();
  // Until the whole table is here, the first screenful of the default view stands in for it.
  const isDefaultView = sortColumns.length === 0 && !anyFilterNarrows(filters);
  const queryClient = useQueryClient();
  const hasTable = queryClient.getQueryData(restockKeys.data) !== undefined;
  const first = useFirstRestockRows(!hasTable && isDefaultView);
  // The whole table is asked for once the first screenful has answered: asked at the same time,
  // the small answer waited on the server behind the building of the large one.
  const rows = useRestockRows({ enabled: !(first.isFetching && first.data === undefined) });
  const isPartial = rows.data === undefined;
  const loadedRows = rows.data ?? first.data?.rows;
  const [isImportOpen, setImportOpen] = useState(false);

  const setFilter = useCallback(
    (key: string, value: ColumnFilter | undefined) => {
      setFilters((current) => ({ ...current, [key]: value }));
    },
    [setFilters],
  );
  const filtersState = useMemo(() => ({ filters, setFilter }), [filters, setFilter]);

  const index = useTableIndex(rows.data, columns.data);

  const visibleRows = useMemo(() => {
    if (!loadedRows || !columns.data) return [];
    // The first screenful is already in the default order; another view waits for every row.
    if (isPartial) return isDefaultView ? loadedRows : [];
    // Sorted on cached per-column ranks, then filtered on typed arrays: no work per row object.
    return index.view(filters, sortColumns, columns.data, logUnknownColumn);
  }, [index, loadedRows, isPartial, isDefaultView, columns.data, filters, sortColumns]);

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

  if (columns.isPending || (rows.isPending && first.data === undefined)) return <p>Loading...</p>;
  if (columns.isError || rows.isError) {
    const retry = () => {
      if (columns.isError) void columns.refetch();
      if (rows.isError) void rows.refetch();
    };
    return (
      <div className={styles.error} role="alert">
        <p>Error loading data</p>
        <Button onClick={retry}>Retry</Button>
      </div>
    );
  }

  const total = rows.data?.length ?? first.data?.total ?? 0;
  const hasFilters = anyFilterNarrows(filters);
  const openImport = () => setImportOpen(true);
  // The rows as filtered and sorted on screen, in the visible columns and their order.
  const exportCsv = () =>
    saveCsv(restockTableCsv(columns.data, visibleRows), restockCsvFileName(isoDate(Date.now())));

  return (
    <section className={styles.page} aria-label="Restock table">
      <div className={styles.toolbar}>
        <h1>Restock</h1>
        <span className={styles.count} aria-live="polite">
          {isPartial
            ? `Loading ${rowCount.format(total)} rows…`
            : visibleRows.length === total
              ? `${rowCount.format(total)} rows`
              : `${rowCount.format(visibleRows.length)} of ${rowCount.format(total)} rows`}
        </span>
        <SyncedAgo className={styles.count} />
        <Button variant="secondary" onClick={() => setFilters({})} disabled={!hasFilters}>
          Clear Filters
        </Button>
        <Button variant="secondary" onClick={exportCsv} disabled={isPartial || visibleRows.length === 0}>
          Export CSV
        </Button>
        {canImport ? <Button onClick={openImport}>Import CSV</Button> : null}
      </div>
      {total > 0 ? <UrgencyLegend /> : null}
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
              noRowsFallback={
                isPartial ? (
                  <div className={styles.noMatch}>
                    <p>Loading every row…</p>
                  </div>
                ) : (
                  // The headers (and their filters) stay, so the filter that hides everything can be changed.
                  <div className={styles.noMatch}>
                    <div>
                      <h2>No products match these filters</h2>
                      <Button onClick={() => setFilters({})}>Clear Filters</Button>
                    </div>
                  </div>
                )
              }
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
