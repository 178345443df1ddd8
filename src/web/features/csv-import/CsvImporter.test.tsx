import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOfColumns } from '../../../core/csv-import/import-columns';
import { CsvImportDialog } from './CsvImportDialog';
import { CsvImporter } from './CsvImporter';
import { savedMessage } from './use-csv-import';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));
vi.mock('../access/api', () => ({ useAccessComponents: () => ({ accessMap: {}, dev: true }) }));
vi.mock('../access/use-can', () => ({ useCan: () => true }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answers: Record<string, { status: number; body: unknown }>;

const PREVIEW = {
  importId: null,
  inserted: 1,
  updated: 1,
  unchanged: 0,
  fields: [
    {
      field: 'cost',
      changed: 1,
      cleared: 0,
      examples: [{ msku: 'B-2', before: 3, after: 2.5 }],
    },
  ],
};

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/dynamic/saved-mapping': { status: 200, body: { mapping: {}, blanks: 'keep' } },
    'POST /api/dynamic/import-inventory?dryRun=true': { status: 200, body: PREVIEW },
    'POST /api/dynamic/import-inventory': {
      status: 200,
      body: { importId: 'imp-1', inserted: 1, updated: 1, unchanged: 0 },
    },
    'PUT /api/dynamic/saved-mapping': { status: 200, body: { mapping: {}, blanks: 'keep' } },
  };
  toast.success.mockReset();
  toast.error.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url}`] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});

function renderWithQuery(node: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const CSV = ['SKU,Cost,Flag,Days', '00123,"$1,200.50",Yes,30', '', 'B-2,$2.50,no,12', ',,,'].join('\n');

async function load(text = CSV, name = 'stock.csv') {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([text], name)] } });
  await screen.findByText(name);
}

const choose = (target: string, column: string) =>
  fireEvent.change(screen.getByLabelText(`CSV column for ${target}`), { target: { value: column } });

const save = () => screen.getByRole('button', { name: 'Save' });
const confirm = () => screen.getByRole('button', { name: 'Confirm import' });
const posts = () => calls.filter((call) => call.method === 'POST');
/** The rows an import request carried, read back from its columns as the server reads them. */
const sentRows = (call: Call) => {
  const { columns, leftOut } = call.body as { columns: unknown; leftOut?: unknown };
  const read = rowsOfColumns(columns, leftOut);
  return read.ok ? read.rows : read.message;
};

describe('CsvImporter', () => {
  it('counts one row as "1 row"', async () => {
    renderWithQuery(<CsvImporter />);
    await load('SKU,Cost\nA-1,2');
    expect(screen.getByText('1 row · 2 columns')).toBeTruthy();
    choose('MSKU', 'SKU');
    expect(screen.getByText('1 row with an MSKU will be imported.')).toBeTruthy();
    expect(screen.getByText('Preview: 1 of 1 row to import')).toBeTruthy();
  });

  it('maps columns, shows the server’s preview of the change, and saves only after confirming', async () => {
    const onSaved = vi.fn();
    renderWithQuery(<CsvImporter onSaved={onSaved} />);
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    await load();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/dynamic/saved-mapping'));
    choose('MSKU', 'SKU');
    choose('Your Cost', 'Cost');
    choose('Replen', 'Flag');
    const preview = screen.getByRole('table', { name: 'Import preview' });
    expect(preview.textContent).toContain('$1,200.50');
    expect(preview.textContent).toContain('$2.50');
    fireEvent.click(screen.getByLabelText('Save column mapping for next time'));
    fireEvent.click(save());

    const review = await screen.findByRole('table', { name: 'Changes by field' });
    expect(within(review).getByRole('row', { name: /Your Cost/ }).textContent).toContain('B-2: $3.00→$2.50');
    expect(screen.getByRole('list', { name: 'Products' }).textContent).toContain('1 new products');
    // The rows go as columns.
    const body = {
      columns: { msku: ['00123', 'B-2'], cost: [1200.5, 2.5], replen: [true, false] },
      blanks: 'keep',
      fileName: 'stock.csv',
      reportType: null,
    };
    expect(posts()).toEqual([{ method: 'POST', url: '/api/dynamic/import-inventory?dryRun=true', body }]);
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(confirm());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts()[1]).toEqual({ method: 'POST', url: '/api/dynamic/import-inventory', body });
    const saved = calls.find((call) => call.method === 'PUT')?.body as { mapping: Record<string, unknown> };
    expect(saved).toMatchObject({
      mapping: { msku: 'SKU', cost: 'Cost', replen: 'Flag', asin: null },
      blanks: 'keep',
    });
    const [content] = toast.success.mock.calls[0] ?? [];
    render(<MemoryRouter>{content}</MemoryRouter>);
    expect(screen.getByText(/Data saved! 1 new, 1 updated, 0 unchanged\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See or undo this import' }).getAttribute('href')).toBe(
      '/settings/imports',
    );
    // Every piece of import state resets.
    expect(screen.queryByText('stock.csv')).toBeNull();
    expect((screen.getByLabelText('Save column mapping for next time') as HTMLInputElement).checked).toBe(
      false,
    );
    // The longest journey of the file: jsdom renders the board, the review and the toast.
  }, 15_000);

  it('words the toast with thousands separators', () => {
    expect(savedMessage({ inserted: 120, updated: 3400, unchanged: 12 })).toBe(
      'Data saved! 120 new, 3,400 updated, 12 unchanged.',
    );
  });

  it('sends blanks: clear when the seller ticks it, and asks again before clearing values', async () => {
    answers['POST /api/dynamic/import-inventory?dryRun=true'] = {
      status: 200,
      body: { ...PREVIEW, fields: [{ field: 'supplier', changed: 2, cleared: 2, examples: [] }] },
    };
    renderWithQuery(<CsvImporter />);
    await load();
    choose('MSKU', 'SKU');
    fireEvent.click(screen.getByLabelText('Blank cells clear the field'));
    fireEvent.click(save());
    await screen.findByRole('table', { name: 'Changes by field' });
    expect((posts()[0]!.body as { blanks: string }).blanks).toBe('clear');
    expect((confirm() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Yes, clear 2 stored values'));
    expect((confirm() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says No data to save when the dry run finds nothing to change, and writes nothing', async () => {
    answers['POST /api/dynamic/import-inventory?dryRun=true'] = {
      status: 200,
      body: { importId: null, inserted: 0, updated: 0, unchanged: 2, fields: [] },
    };
    renderWithQuery(<CsvImporter />);
    await load();
    choose('MSKU', 'SKU');
    fireEvent.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No data to save'));
    expect(posts()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Confirm import' })).toBeNull();
  });

  it('applies the saved mapping and its blank-cell choice after the file loads', async () => {
    answers['GET /api/dynamic/saved-mapping'] = {
      status: 200,
      body: { mapping: { msku: 'SKU', cost: 'Missing' }, blanks: 'clear' },
    };
    renderWithQuery(<CsvImporter />);
    await load();
    await waitFor(() =>
      expect((screen.getByLabelText('CSV column for MSKU') as HTMLSelectElement).value).toBe('SKU'),
    );
    expect((screen.getByLabelText('CSV column for Your Cost') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Blank cells clear the field') as HTMLInputElement).checked).toBe(true);
  });

  it('toasts when the saved mapping cannot be fetched', async () => {
    answers['GET /api/dynamic/saved-mapping'] = { status: 500, body: {} };
    renderWithQuery(<CsvImporter />);
    await load();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch saved mapping'));
  });

  it('refuses an incompatible column with the 80 percent message and keeps the mapping', async () => {
    renderWithQuery(<CsvImporter />);
    await load();
    choose('Your Cost', 'Flag');
    expect(toast.error).toHaveBeenCalledWith('CSV column "Flag" is not compatible with "Your Cost"');
    expect((screen.getByLabelText('CSV column for Your Cost') as HTMLSelectElement).value).toBe('');
  });

  it('checks the rows before uploading and names the row as the spreadsheet numbers it', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU,Days', 'A,5', '', ',9', 'B,45'].join('\n'));
    choose('MSKU', 'SKU');
    choose('Days in Stock', 'Days');
    fireEvent.click(save());
    const alert = await screen.findByRole('alert');
    // Header on row 1, A on 2, an empty row 3, a row without SKU on 4: B is on row 5.
    expect(alert.textContent).toBe('Row 5: Days in Stock must be a whole number of days from 0 to 30');
    expect(posts()).toEqual([]);
  });

  it('lists every duplicate MSKU with its rows, refuses to save, and can keep the last of each', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU,Cost', 'A,1', 'B,2', 'A,3', 'C,4', 'B,5', 'A,6'].join('\n'));
    choose('MSKU', 'SKU');
    choose('Your Cost', 'Cost');
    const list = screen.getByRole('region', { name: 'Duplicate MSKUs' });
    expect(within(list).getByText('MSKU "A" is on rows 2, 4 and 7')).toBeTruthy();
    expect(within(list).getByText('MSKU "B" is on rows 3 and 6')).toBeTruthy();
    fireEvent.click(save());
    expect(posts()).toEqual([]);
    fireEvent.click(within(list).getByRole('button', { name: 'Keep the last row of each' }));
    fireEvent.click(save());
    await screen.findByRole('table', { name: 'Changes by field' });
    expect(sentRows(posts()[0]!)).toStrictEqual([
      { msku: 'C', cost: 4 },
      { msku: 'B', cost: 5 },
      { msku: 'A', cost: 6 },
    ]);
  });

  it('refuses a file that reads as one column', async () => {
    renderWithQuery(<CsvImporter />);
    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new File(['SKU\nA-1\nB-2\n'], 'one.csv')] },
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^This file has only one column/)),
    );
    expect(screen.queryByText('one.csv')).toBeNull();
  });

  it('reads a semicolon file with decimal commas', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU;Kosten', 'A;12,99', 'B;1.234,50'].join('\n'), 'de.csv');
    choose('MSKU', 'SKU');
    choose('Your Cost', 'Kosten');
    const preview = screen.getByRole('table', { name: 'Import preview' });
    expect(preview.textContent).toContain('$12.99');
    expect(preview.textContent).toContain('$1,234.50');
  });

  it('stores the marketplace and currency the amounts are marked with', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU,Price', 'A,£12.99', 'B,£3'].join('\n'), 'uk.csv');
    choose('MSKU', 'SKU');
    choose('Your Price', 'Price');
    expect(screen.getByRole('table', { name: 'Import preview' }).textContent).toContain('£12.99');
    fireEvent.click(save());
    await screen.findByRole('table', { name: 'Changes by field' });
    // The pound says the United Kingdom; its currency goes with it.
    expect(sentRows(posts()[0]!)).toStrictEqual([
      { msku: 'A', your_price: 12.99, marketplace: 'GB' },
      { msku: 'B', your_price: 3, marketplace: 'GB' },
    ]);
  });

  it('stores euros as the currency when no marketplace is known, and the seller may pick one', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU;Preis', 'A;12,99 €', 'B;1.234,50 €'].join('\n'), 'eu.csv');
    choose('MSKU', 'SKU');
    choose('Your Price', 'Preis');
    fireEvent.change(screen.getByLabelText('Marketplace of this file'), { target: { value: 'FR' } });
    fireEvent.click(save());
    await screen.findByRole('table', { name: 'Changes by field' });
    expect(sentRows(posts()[0]!)).toStrictEqual([
      { msku: 'A', your_price: 12.99, marketplace: 'FR' },
      { msku: 'B', your_price: 1234.5, marketplace: 'FR' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.change(screen.getByLabelText('Marketplace of this file'), { target: { value: '' } });
    fireEvent.click(save());
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(sentRows(posts()[1]!)).toStrictEqual([
      { msku: 'A', your_price: 12.99, currency: 'EUR' },
      { msku: 'B', your_price: 1234.5, currency: 'EUR' },
    ]);
  });

  it("toasts the server's message when the check fails, and keeps the file", async () => {
    answers['POST /api/dynamic/import-inventory?dryRun=true'] = {
      status: 403,
      body: { message: 'No permission' },
    };
    renderWithQuery(<CsvImporter />);
    await load();
    choose('MSKU', 'SKU');
    fireEvent.click(save());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No permission'));
    expect(screen.getByText('stock.csv')).toBeTruthy();
  });

  it('says a file without rows is empty or invalid', async () => {
    renderWithQuery(<CsvImporter />);
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([''], 'empty.csv')] } });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('CSV file is empty or invalid'));
  });

  it('recognises a marketplace report and pre-fills its mapping, over a saved mapping', async () => {
    answers['GET /api/dynamic/saved-mapping'] = {
      status: 200,
      body: { mapping: { msku: 'sku', asin: 'asin' }, blanks: 'keep' },
    };
    renderWithQuery(<CsvImporter />);
    const report = [
      'sku\tasin\tproduct-name\tyour-price\tafn-fulfillable-quantity\tafn-reserved-quantity',
      'S1\tB01\tMug\t9.99\t3\t2',
    ];
    await load(report.join('\n'), 'inventory.txt');
    expect(screen.getByText(/Recognised: Manage FBA Inventory report/)).toBeTruthy();
    await screen.findByRole('button', { name: 'Use my saved mapping' });
    expect((screen.getByLabelText('CSV column for FBA Stock') as HTMLSelectElement).value).toBe(
      'FBA Quantity (fulfillable + reserved)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use my saved mapping' }));
    expect((screen.getByLabelText('CSV column for FBA Stock') as HTMLSelectElement).value).toBe('');
  });
});

describe('CsvImportDialog', () => {
  it('renders nothing while closed, and closes on Escape and on Cancel', () => {
    const onClose = vi.fn();
    const { rerender } = renderWithQuery(<CsvImportDialog open={false} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CsvImportDialog open onClose={onClose} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Import CSV' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
