import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMapping } from '../../../core/csv-import/mapping';
import { MappingPreview } from './MappingPreview';

describe('MappingPreview', () => {
  it('shows a cell that does not parse as kept, a blank as empty and a value as it will be saved', () => {
    const mapping = { ...emptyMapping(), msku: 'SKU', cost: 'Cost', supplier: 'Supplier' };
    const rows = [
      { SKU: 'A-1', Cost: 'cheap', Supplier: '' },
      { SKU: 'B-2', Cost: '$2.50', Supplier: 'Acme' },
    ];
    render(<MappingPreview rows={rows} mapping={mapping} total={2} decimal="." currency="USD" />);
    const table = screen.getByRole('table', { name: 'Import preview' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(within(first!).getByText('kept').getAttribute('title')).toBe(
      'Not readable: the stored value stays as it is',
    );
    // Columns in target order: MSKU, Supplier, Your Cost.
    const [msku, supplier, cost] = cells(first!);
    expect([msku, cost]).toEqual(['A-1', 'kept']);
    expect(supplier).not.toBe('kept');
    expect(cells(second!)).toEqual(['B-2', 'Acme', '$2.50']);
  });
});
