import type { RenderHeaderCellProps } from 'react-data-grid';
import type { RestockColumn } from '../../../core/restock/columns';
import {
  type BooleanFilterState,
  isValidRangeInput,
  nextBooleanFilterState,
  type RangeFilter,
} from '../../../core/restock/grid-filters';
import { Tooltip } from '../../ui/Tooltip';
import { useFilters } from './filters-context';
import styles from './RestockGrid.module.css';

// Typing or clicking in a filter must neither sort the column nor start a drag.
const stop = (event: React.SyntheticEvent) => event.stopPropagation();

const BOOLEAN_LABELS: Record<BooleanFilterState, string> = { 0: 'any', 1: 'checked', 2: 'unchecked' };
const BOOLEAN_ICONS: Record<BooleanFilterState, string> = { 0: '○', 1: '☑', 2: '☐' };

function TextFilter({ column }: { column: RestockColumn }) {
  const { filters, setFilter } = useFilters();
  const value = filters[column.key];
  return (
    <input
      className={styles.filterInput}
      placeholder="Filter text"
      aria-label={`Filter ${column.name}`}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => setFilter(column.key, event.target.value || undefined)}
      onClick={stop}
      onKeyDown={stop}
      onMouseDown={stop}
    />
  );
}

function RangeFilterInput({ column }: { column: RestockColumn }) {
  const { filters, setFilter } = useFilters();
  const current = filters[column.key];
  const [isGreaterOrEqual, text] = Array.isArray(current) ? (current as RangeFilter) : [true, ''];
  return (
    <span className={styles.rangeFilter}>
      <button
        type="button"
        className={styles.filterToggle}
        aria-label={`${column.name}: ${isGreaterOrEqual ? 'at least' : 'at most'} (switch)`}
        title={isGreaterOrEqual ? 'Showing values ≥ the number' : 'Showing values ≤ the number'}
        onClick={(event) => {
          stop(event);
          setFilter(column.key, [!isGreaterOrEqual, text]);
        }}
        onMouseDown={stop}
      >
        {isGreaterOrEqual ? '≥' : '≤'}
      </button>
      <input
        className={styles.filterInput}
        placeholder="Filter"
        inputMode="decimal"
        aria-label={`Filter ${column.name}`}
        value={text}
        onChange={(event) => {
          // SPEC 5: only empty input or input that parses as a number.
          if (isValidRangeInput(event.target.value))
            setFilter(column.key, [isGreaterOrEqual, event.target.value]);
        }}
        onClick={stop}
        onKeyDown={stop}
        onMouseDown={stop}
      />
    </span>
  );
}

function BooleanFilter({ column }: { column: RestockColumn }) {
  const { filters, setFilter } = useFilters();
  const state = (typeof filters[column.key] === 'number' ? filters[column.key] : 0) as BooleanFilterState;
  return (
    <button
      type="button"
      className={styles.filterToggle}
      aria-label={`Filter ${column.name}: ${BOOLEAN_LABELS[state]}`}
      onClick={(event) => {
        stop(event);
        const next = nextBooleanFilterState(state);
        setFilter(column.key, next === 0 ? undefined : next);
      }}
      onMouseDown={stop}
    >
      {BOOLEAN_ICONS[state]}
    </button>
  );
}

const ARROWS = { ASC: '▲', DESC: '▼' } as const;

/** The header: name with the description tooltip, sort arrow and priority, and the column's filter. */
export function renderHeaderCell(column: RestockColumn) {
  return function HeaderCell<R>({ sortDirection, priority }: RenderHeaderCellProps<R>) {
    return (
      <div className={styles.header}>
        <span className={styles.headerTitle}>
          <Tooltip text={column.description}>
            <span className={styles.headerName}>{column.name}</span>
          </Tooltip>
          {sortDirection ? (
            <span className={styles.sortArrow}>
              <span aria-hidden="true">{ARROWS[sortDirection]}</span>
              <span className="visually-hidden">
                {sortDirection === 'ASC' ? 'sorted ascending' : 'sorted descending'}
              </span>
              {priority !== undefined && priority > 0 ? <sup>{priority}</sup> : null}
            </span>
          ) : null}
        </span>
        {column.filterBy === 'text' ? <TextFilter column={column} /> : null}
        {column.filterBy === 'range' ? <RangeFilterInput column={column} /> : null}
        {column.filterBy === 'boolean' ? <BooleanFilter column={column} /> : null}
      </div>
    );
  };
}
