import type { Key } from 'react';
import { Cell, type CellRendererProps } from 'react-data-grid';

/** Overrides the grid library's placement of a cell: no `grid-column-start`/`-end` inline. */
const AUTO_PLACED: React.CSSProperties = Object.freeze({
  gridColumnStart: undefined,
  gridColumnEnd: undefined,
});

/**
 * The grid's body cells, each placed by the CSS grid's auto-placement where it can be: right after
 * the cell before it in its row. The grid library gives every cell an inline
 * `grid-column-start`, so each cell a scroll brings in had a style of its own to compute; cells
 * without it share one, and Chromium's style time for a wheel scroll fell by more than half
 * (decision 023).
 *
 * A cell is auto-placed when it directly follows, in the same row, the cell rendered just before
 * it: the library renders a row's cells one after the other, in column order, so that cell is its
 * previous sibling. Every other cell keeps the library's placement: the first cell after a gap
 * (columns scrolled out of view), the active cell kept while out of view, frozen cells and cells
 * spanning columns. One function per grid: it remembers the last cell it rendered.
 */
export function autoPlacedCells<Row>() {
  let lastRow: Row | undefined;
  let lastRowIdx = -1;
  let lastColumnIdx = -1;
  return function renderCell(key: Key, props: CellRendererProps<Row, unknown>) {
    const { column, colSpan, row, rowIdx } = props;
    const followsLast = row === lastRow && rowIdx === lastRowIdx && column.idx === lastColumnIdx + 1;
    lastRow = row;
    lastRowIdx = rowIdx;
    lastColumnIdx = column.idx + (colSpan ?? 1) - 1;
    const autoPlaced = followsLast && !column.frozen && (colSpan ?? 1) === 1;
    if (!autoPlaced) return <Cell key={key} {...props} />;
    // The same object each time when there is no other style, so the memoised cell is not rendered again for it.
    const style = props.style === undefined ? AUTO_PLACED : { ...props.style, ...AUTO_PLACED };
    return <Cell key={key} {...props} style={style} />;
  };
}
