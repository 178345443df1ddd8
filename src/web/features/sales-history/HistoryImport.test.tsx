import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CsvImporter } from '../csv-import/CsvImporter';
import { PARTS_GONE_MESSAGE } from './HistoryImport';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));
vi.mock('../access/api', () => ({ useAccessComponents: () => ({ accessMap: {}, dev: true }) }));
vi.mock('../access/use-can', () => ({ useCan: () => true }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  toast.success.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const body =
      url === '/api/dynamic/import-sales'
        ? {
            days: 2,
            products: 1,
            unknownProducts: 1,
            unknownExamples: ['GONE-1'],
            duplicates: 1,
            forecasts: 1,
          }
        : {};
    return new Response(JSON.stringify(body), { status: 200 });
  });
});

function renderImporter(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CsvImporter onSaved={onSaved} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSaved;
}

const load = (text: string, name = 'history.csv') =>
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [new File([text], name)] } });

describe('the history path of the importer', () => {
  it('recognises a sku,date,units file, summarises it and imports one row per product and day', async () => {
    const onSaved = renderImporter();
    load('sku,date,units\nMUG-1,2024-03-01,2\nMUG-1,2024-03-01,1\nMUG-1,2024-03-02,4\nGONE-1,2024-03-02,1\n');
    expect(await screen.findByText(/Recognised: Daily sales file/)).toBeTruthy();
    expect(
      await screen.findByText(/4 lines → 3 product-days of sales from 2024-03-01 to 2024-03-02\./),
    ).toBeTruthy();
    expect(screen.getByText(/1 repeated product-day lines added up\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import sales' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((call) => call.url === '/api/dynamic/import-sales')!;
    expect(post.body).toEqual({
      columns: {
        msku: ['MUG-1', 'MUG-1', 'GONE-1'],
        day: ['2024-03-01', '2024-03-02', '2024-03-02'],
        units: [3, 4, 1],
      },
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Imported sales for 1 product over 2 days. 1 repeated product-day lines were added up. 1 product is not in your catalogue and was left out (GONE-1).',
    );
  });

  it('says so plainly when the parts sent while the file was read are gone from the server', async () => {
    const gone = {
      message: 'Part 9 of the upload arrived, but no part came before it: send the parts in order',
    };
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/api/dynamic/import-sales'
        ? new Response(JSON.stringify(gone), { status: 409 })
        : new Response('{}', { status: 200 }),
    );
    renderImporter();
    load('sku,date,units\nMUG-1,2024-03-01,2\n');
    expect(await screen.findByText(/1 lines → 1 product-days of sales/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import sales' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PARTS_GONE_MESSAGE);
  });

  it('names the bad line and sends nothing', async () => {
    renderImporter();
    load('sku,date,units\nMUG-1,2024-03-01,2\nMUG-1,2024-03-02,-4\n');
    expect((await screen.findByRole('alert')).textContent).toBe('Row 2: units must not be negative');
    expect((screen.getByRole('button', { name: 'Import sales' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
