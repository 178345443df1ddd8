import type { ReactElement } from 'react';
import type { CalculatedColumn, CellRendererProps } from 'react-data-grid';
import { describe, expect, it } from 'vitest';
import { autoPlacedCells } from './auto-placed-cells';

type Row = { id: string };

const column = (idx: number, frozen = false) => ({ idx, key: `c${idx}`, frozen }) as CalculatedColumn<Row>;

/** Renders the cells of one row in the order given; says which took the grid's auto-placement. */
function placements(
  renderCell: ReturnType<typeof autoPlacedCells<Row>>,
  row: Row,
  rowIdx: number,
  cells: Array<{ idx: number; frozen?: boolean; colSpan?: number }>,
) {
  return cells.map(({ idx, frozen, colSpan }) => {
    const props = { column: column(idx, frozen), colSpan, row, rowIdx } as CellRendererProps<Row, unknown>;
    const element = renderCell(`c${idx}`, props) as ReactElement<{ style?: React.CSSProperties }>;
    const style = element.props.style;
    return style !== undefined && 'gridColumnStart' in style && style.gridColumnStart === undefined
      ? 'auto'
      : 'library';
  });
}

describe('body cells placed by the grid', () => {
  it('auto-places a cell that follows the one before it in its row, never a frozen one', () => {
    const renderCell = autoPlacedCells<Row>();
    const row = { id: 'A' };
    expect(
      placements(renderCell, row, 0, [{ idx: 0, frozen: true }, { idx: 1 }, { idx: 2 }, { idx: 3 }]),
    ).toEqual(['library', 'auto', 'auto', 'auto']);
  });

  it('keeps the library placement after a gap: columns scrolled out of view, an active cell kept out of view', () => {
    const renderCell = autoPlacedCells<Row>();
    const row = { id: 'A' };
    // Scrolled sideways: the frozen column, then columns 7 to 9.
    expect(
      placements(renderCell, row, 0, [{ idx: 0, frozen: true }, { idx: 7 }, { idx: 8 }, { idx: 9 }]),
    ).toEqual(['library', 'library', 'auto', 'auto']);
    // The active cell of column 2 stays rendered while columns 7 to 9 are in view.
    expect(
      placements(renderCell, row, 0, [{ idx: 0, frozen: true }, { idx: 2 }, { idx: 7 }, { idx: 8 }]),
    ).toEqual(['library', 'library', 'library', 'auto']);
  });

  it('starts each row afresh, and places the cell after a spanning one by the span', () => {
    const renderCell = autoPlacedCells<Row>();
    expect(placements(renderCell, { id: 'A' }, 0, [{ idx: 4 }, { idx: 5 }])).toEqual(['library', 'auto']);
    // The next row's first cell follows column 5 by number only: another row, so the library's.
    expect(placements(renderCell, { id: 'B' }, 1, [{ idx: 6 }, { idx: 7, colSpan: 2 }, { idx: 9 }])).toEqual([
      'library',
      'library',
      'auto',
    ]);
  });

  it('keeps the library placement for the cell of another version of the row', () => {
    const renderCell = autoPlacedCells<Row>();
    const row = { id: 'A' };
    expect(placements(renderCell, row, 0, [{ idx: 2 }, { idx: 3 }])).toEqual(['library', 'auto']);
    // An edited row is a new object: its cell is not taken to follow the old version's.
    expect(placements(renderCell, { id: 'A, edited' }, 0, [{ idx: 4 }])).toEqual(['library']);
  });
});
