import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CsvImportDialog } from './CsvImportDialog';
import { CsvImporter } from './CsvImporter';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));
vi.mock('../access/api', () => ({ useAccessComponents: () => ({ accessMap: {}, dev: true }) }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answers: Record<string, { status: number; body: unknown }>;

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/dynamic/get-saved-mapping': { status: 200, body: {} },
    'POST /api/dynamic/import-inventory': { status: 200, body: { inserted: 2, updated: 0 } },
    'PUT /api/dynamic/saved-mapping': { status: 200, body: { mapping: {} } },
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
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const CSV = ['SKU,Cost,Flag,Days', '00123,"$1,200.50",Yes,30', '', 'B-2,(2.50),no,12', ',,,'].join('\n');

async function load(text = CSV, name = 'stock.csv') {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([text], name)] } });
  await screen.findByText(name);
}

const choose = (target: string, column: string) =>
  fireEvent.change(screen.getByLabelText(`CSV column for ${target}`), { target: { value: column } });

const save = () => screen.getByRole('button', { name: 'Save' });

describe('CsvImporter', () => {
  it('maps columns with the selects, previews the parsed rows and saves only the mapped fields', async () => {
    const onSaved = vi.fn();
    renderWithQuery(<CsvImporter onSaved={onSaved} />);
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    await load();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/dynamic/get-saved-mapping'));
    choose('MSKU', 'SKU');
    choose('Your Cost', 'Cost');
    choose('Replen', 'Flag');
    const preview = screen.getByRole('table', { name: 'Import preview' });
    expect(preview.textContent).toContain('$1,200.50');
    expect(preview.textContent).toContain('-$2.50');
    fireEvent.click(screen.getByLabelText('Save column mapping for next time'));
    fireEvent.click(save());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.body).toEqual({
      data: [
        { msku: '00123', cost: 1200.5, replen: true },
        { msku: 'B-2', cost: -2.5, replen: false },
      ],
    });
    const saved = calls.find((call) => call.method === 'PUT')?.body as { mapping: Record<string, unknown> };
    expect(saved.mapping).toMatchObject({ msku: 'SKU', cost: 'Cost', replen: 'Flag', asin: null });
    expect(toast.success).toHaveBeenCalledWith('Data saved!');
    // Every piece of import state resets.
    expect(screen.queryByText('stock.csv')).toBeNull();
    expect((screen.getByLabelText('Save column mapping for next time') as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('applies the saved mapping after the file loads', async () => {
    answers['GET /api/dynamic/get-saved-mapping'] = { status: 200, body: { msku: 'SKU', cost: 'Missing' } };
    renderWithQuery(<CsvImporter />);
    await load();
    await waitFor(() =>
      expect((screen.getByLabelText('CSV column for MSKU') as HTMLSelectElement).value).toBe('SKU'),
    );
    expect((screen.getByLabelText('CSV column for Your Cost') as HTMLSelectElement).value).toBe('');
  });

  it('toasts when the saved mapping cannot be fetched', async () => {
    answers['GET /api/dynamic/get-saved-mapping'] = { status: 500, body: {} };
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

  it('checks the rows before uploading and names the row as the file numbers it', async () => {
    renderWithQuery(<CsvImporter />);
    await load(['SKU,Days', 'A,5', ',9', 'B,45'].join('\n'));
    choose('MSKU', 'SKU');
    choose('Days in Stock (of Last 30)', 'Days');
    fireEvent.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Row 3: days_in_stock_of_last_30 must be between 0 and 30');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("toasts the server's message when the import fails, and keeps the file", async () => {
    answers['POST /api/dynamic/import-inventory'] = { status: 403, body: { message: 'No permission' } };
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

  it('recognises a marketplace report and pre-fills its mapping', async () => {
    renderWithQuery(<CsvImporter />);
    const report = [
      'sku\tasin\tproduct-name\tyour-price\tafn-fulfillable-quantity\tafn-reserved-quantity',
      'S1\tB01\tMug\t9.99\t3\t2',
    ];
    await load(report.join('\n'), 'inventory.txt');
    expect(screen.getByText(/Recognised: FBA Manage Inventory report/)).toBeTruthy();
    expect((screen.getByLabelText('CSV column for FBA Quantity') as HTMLSelectElement).value).toBe(
      'FBA Quantity (fulfillable + reserved)',
    );
  });
});

describe('CsvImportDialog', () => {
  it('renders nothing while closed, and closes on Escape and on Cancel', () => {
    const onClose = vi.fn();
    const { rerender } = renderWithQuery(<CsvImportDialog open={false} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <CsvImportDialog open onClose={onClose} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Import CSV' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
