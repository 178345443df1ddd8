import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import {
  baseRow,
  cell,
  editCell,
  grid,
  headerNames,
  importRows,
  rowOf,
  storedRows,
  visibleMskus,
} from './support/restock';

// The grid renders only the columns that fit (virtualised); a wide window shows all of them.
test.use({ viewport: { width: 3600, height: 1000 } });

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

test('a new account sees an empty state that points to Import CSV', async ({ page }) => {
  await page.goto('/restock');
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import CSV' }).first()).toBeVisible();
});

test('editing cost and ordered recomputes ROI, total spend and To Buy, and persists after reload', async ({
  page,
}) => {
  await importRows(page, [baseRow('EDIT-1')]);
  await page.goto('/restock');
  // 1/day × (7+3+10+30) − 20 = 30 to buy; 30 × $10 = $300; ROI (25 − 10) / 10 = 150%
  await expect(await cell(page, 'EDIT-1', 'To Buy')).toContainText('30');
  await expect(await cell(page, 'EDIT-1', 'Total Spend')).toHaveText('$300.00');
  await expect(await cell(page, 'EDIT-1', 'ROI')).toHaveText('150.00%');

  await editCell(page, 'EDIT-1', 'Your Cost', '12.5');
  await expect(await cell(page, 'EDIT-1', 'Your Cost')).toHaveText('$12.50');
  await expect(await cell(page, 'EDIT-1', 'ROI')).toHaveText('100.00%');
  await expect(await cell(page, 'EDIT-1', 'Total Spend')).toHaveText('$375.00');

  await editCell(page, 'EDIT-1', 'Ordered', '12');
  await expect(await cell(page, 'EDIT-1', 'To Buy')).toContainText('18');
  await expect(await cell(page, 'EDIT-1', 'Total Spend')).toHaveText('$225.00');

  await page.reload();
  await expect(await cell(page, 'EDIT-1', 'Your Cost')).toHaveText('$12.50');
  await expect(await cell(page, 'EDIT-1', 'To Buy')).toContainText('18');
});

test('the replen checkbox flags a product and survives a reload', async ({ page }) => {
  await importRows(page, [baseRow('FLAG-1')]);
  await page.goto('/restock');
  const checkbox = page.getByRole('checkbox', { name: 'Include FLAG-1 in next order' });
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/tables/restock/data/'),
  );
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  // A reload before the answer would leave with the edit still on its way.
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Include FLAG-1 in next order' })).toBeChecked();
});

test('rows sort by product by default, by a header click, and by several columns in order', async ({
  page,
}) => {
  await importRows(page, [
    baseRow('S-1', { title: 'Charlie', cost: 5, supplier: 'Beta' }),
    baseRow('S-2', { title: 'alpha', cost: 9, supplier: 'Alpha' }),
    baseRow('S-3', { title: 'Bravo', cost: 5, supplier: 'Alpha' }),
  ]);
  // The number columns are ranked in a worker, started as the whole table's answer begins; it
  // closes once every column is in.
  const rankedAside = new Promise<string>((resolve) => {
    page.once('worker', (worker) => worker.once('close', () => resolve(worker.url())));
  });
  await page.goto('/restock');
  await expect.poll(() => visibleMskus(page)).toEqual(['S-2', 'S-3', 'S-1']);
  expect(await rankedAside).toContain('rank-numbers.worker');

  const costHeader = grid(page).getByRole('columnheader').filter({ hasText: 'Your Cost' });
  await costHeader.click();
  await expect.poll(() => visibleMskus(page)).toEqual(['S-1', 'S-3', 'S-2']);
  await expect(costHeader).toHaveAttribute('aria-sort', 'ascending');
  await costHeader.click();
  await expect(costHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => visibleMskus(page)).toEqual(['S-2', 'S-1', 'S-3']);

  // Multi-sort: cost descending, then supplier ascending (ctrl-click adds a column).
  const supplierHeader = grid(page).getByRole('columnheader').filter({ hasText: 'Supplier' });
  await supplierHeader.click({ modifiers: ['Control'] });
  await expect.poll(() => visibleMskus(page)).toEqual(['S-2', 'S-3', 'S-1']);
});

type NotedWorker = { url: string; isEnded: boolean };

/**
 * Notes the workers the page starts and ends, as it does (one that ends at once is never reported
 * to Playwright); answers a reader of the notes.
 */
async function noteWorkers(page: Page): Promise<() => Promise<NotedWorker[]>> {
  await page.addInitScript(() => {
    const started: NotedWorker[] = [];
    Object.assign(window, { startedWorkers: started });
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        const noted = { url: String(url), isEnded: false };
        started.push(noted);
        const terminate = this.terminate.bind(this);
        this.terminate = () => {
          noted.isEnded = true;
          terminate();
        };
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { startedWorkers: NotedWorker[] }).startedWorkers);
}

test('the worker that ranks the number columns closes when the whole table cannot be decoded', async ({
  page,
}) => {
  await importRows(page, [baseRow('S-1')]);
  const started = await noteWorkers(page);
  // The whole table's answer begins (the worker starts) and turns out not to be a table.
  const wholeTable = /\/api\/tables\/restock\/data\?shape=columns$/;
  await page.route(wholeTable, (route) => route.fulfill({ status: 200, body: 'not a table\n' }));
  await page.goto('/restock');
  await expect(page.getByRole('alert')).toContainText('Error loading data');
  // Each read (the failed one, and its retry) started its worker and ended it.
  await expect.poll(async () => (await started()).length).toBeGreaterThan(0);
  for (const worker of await started()) expect(worker.url).toContain('rank-numbers.worker');
  await expect.poll(async () => (await started()).every((worker) => worker.isEnded)).toBe(true);
  await page.unroute(wholeTable);
});

test('a ranking worker that fails to start is closed, and the page ranks the columns itself', async ({
  page,
}) => {
  await importRows(page, [
    baseRow('S-1', { title: 'Charlie', cost: 5 }),
    baseRow('S-2', { title: 'alpha', cost: 9 }),
    baseRow('S-3', { title: 'Bravo', cost: 1 }),
  ]);
  const started = await noteWorkers(page);
  const workerScript = /\/assets\/rank-numbers\.worker-[^/]*\.js$/;
  await page.route(workerScript, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("no ranking here");' }),
  );
  await page.goto('/restock');
  await expect.poll(() => visibleMskus(page)).toEqual(['S-2', 'S-3', 'S-1']);
  await expect
    .poll(started)
    .toEqual([{ url: expect.stringContaining('rank-numbers.worker'), isEnded: true }]);
  await grid(page).getByRole('columnheader').filter({ hasText: 'Your Cost' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['S-3', 'S-1', 'S-2']);
  await page.unroute(workerScript);
});

test('after a sort, the keyboard, the editor and the replen checkbox act on the product shown', async ({
  page,
}) => {
  await importRows(page, [
    baseRow('KEY-A', { cost: 3 }),
    baseRow('KEY-B', { cost: 1 }),
    baseRow('KEY-C', { cost: 2 }),
  ]);
  await page.goto('/restock');
  await expect.poll(() => visibleMskus(page)).toEqual(['KEY-A', 'KEY-B', 'KEY-C']);
  // Rows are kept by their place in the view: a sort gives the first row's cells KEY-B.
  await grid(page).getByRole('columnheader').filter({ hasText: 'Your Cost' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['KEY-B', 'KEY-C', 'KEY-A']);

  await (await cell(page, 'KEY-B', 'Your Cost')).click();
  await page.keyboard.press('ArrowDown');
  await expect(await cell(page, 'KEY-C', 'Your Cost')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  const editor = page.getByRole('textbox', { name: 'Edit Your Cost' });
  await expect(editor).toHaveValue('2');
  await editor.fill('5');
  await editor.press('Enter');
  await expect.poll(() => visibleMskus(page)).toEqual(['KEY-B', 'KEY-A', 'KEY-C']);
  await expect(await cell(page, 'KEY-C', 'Your Cost')).toHaveText('$5.00');

  await page.getByRole('checkbox', { name: 'Include KEY-B in next order' }).check();
  await expect.poll(async () => (await storedRows(page)).get('KEY-C')?.cost).toBe(5);
  await expect.poll(async () => (await storedRows(page)).get('KEY-B')?.replen).toBe(true);
  const stored = await storedRows(page);
  expect([stored.get('KEY-A')?.cost, stored.get('KEY-A')?.replen, stored.get('KEY-C')?.replen]).toEqual([
    3,
    false,
    false,
  ]);
});

test('text, range and boolean filters narrow the rows; Clear Filters restores them', async ({ page }) => {
  await importRows(page, [
    baseRow('F-1', { title: 'Steel Bottle', cost: 4, supplier: 'Northwind', replen: true }),
    baseRow('F-2', { title: 'Yoga Mat', cost: 12, supplier: 'Acme' }),
    baseRow('F-3', { title: 'Steel Lamp', cost: 20, supplier: 'Northwind', replen: true }),
    baseRow('F-4', { title: 'Pillow', cost: null, supplier: 'Acme' }),
  ]);
  await page.goto('/restock');
  await expect(page.getByText('4 rows')).toBeVisible();

  await page.getByRole('textbox', { name: 'Filter Product' }).fill('steel');
  await expect.poll(() => visibleMskus(page)).toEqual(['F-1', 'F-3']);
  await expect(page.getByText('2 of 4 rows')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();

  const costFilter = page.getByRole('textbox', { name: 'Filter Your Cost' });
  await costFilter.fill('12');
  await expect.poll(() => visibleMskus(page)).toEqual(['F-3', 'F-2']);
  await page.getByRole('button', { name: 'Your Cost: at least (switch)' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['F-1', 'F-2']);
  // Only numbers are accepted.
  await costFilter.pressSequentially('x');
  await expect(costFilter).toHaveValue('12');
  await page.getByRole('button', { name: 'Clear Filters' }).click();

  const replenFilter = page.getByRole('button', { name: 'Filter Replen: any' });
  await replenFilter.click();
  await expect.poll(() => visibleMskus(page)).toEqual(['F-1', 'F-3']);
  await page.getByRole('button', { name: 'Filter Replen: checked' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['F-4', 'F-2']);
  await page.getByRole('button', { name: 'Filter Replen: unchecked' }).click();
  await expect(page.getByText('4 rows')).toBeVisible();
});

test('dragging a header reorders the columns and the order survives a reload', async ({ page }) => {
  await importRows(page, [baseRow('D-1')]);
  await page.goto('/restock');
  const before = await headerNames(page);
  // A user who never saved an order sees what to act on right after the product.
  expect(before.slice(0, 6)).toEqual([
    'Product',
    'To Buy',
    'Total Spend',
    'Days of Stock',
    'Runs Out',
    'Reorder By',
  ]);
  const orderSaved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith('/api/tables/restock/columns'),
  );
  await grid(page)
    .getByRole('columnheader')
    .filter({ hasText: 'Your Cost' })
    .dragTo(grid(page).getByRole('columnheader').filter({ hasText: 'To Buy' }));
  await expect
    .poll(async () => (await headerNames(page)).slice(0, 4))
    .toEqual(['Product', 'Your Cost', 'To Buy', 'Total Spend']);
  expect((await orderSaved).status()).toBe(200);
  await page.reload();
  await expect
    .poll(async () => (await headerNames(page)).slice(0, 4))
    .toEqual(['Product', 'Your Cost', 'To Buy', 'Total Spend']);
});

test('copy chips copy the MSKU and ASIN and show a check mark for 1.5 s', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await importRows(page, [baseRow('COPY-1', { asin: 'B0COPY0001' })]);
  await page.goto('/restock');
  const chip = page.getByRole('button', { name: 'Copy MSKU COPY-1' });
  await chip.click();
  await expect(chip).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('COPY-1');
  await expect(chip).not.toHaveAttribute('data-copied', 'true', { timeout: 3000 });
  await page.getByRole('button', { name: 'Copy ASIN B0COPY0001' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('B0COPY0001');
});

test('a check mark stays with the product copied when a sort moves another product into its place', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await importRows(page, [baseRow('MOVE-A', { cost: 9 }), baseRow('MOVE-B', { cost: 1 })]);
  await page.goto('/restock');
  await expect.poll(() => visibleMskus(page)).toEqual(['MOVE-A', 'MOVE-B']);
  await page.getByRole('button', { name: 'Copy MSKU MOVE-A' }).click();
  await expect(page.getByRole('button', { name: 'Copy MSKU MOVE-A' })).toHaveAttribute('data-copied', 'true');

  // Rows are kept by their place in the view: the first row's cells now show MOVE-B.
  await grid(page).getByRole('columnheader').filter({ hasText: 'Your Cost' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['MOVE-B', 'MOVE-A']);
  await expect(page.getByRole('button', { name: 'Copy MSKU MOVE-B' })).not.toHaveAttribute(
    'data-copied',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Copy MSKU MOVE-A' })).toHaveAttribute('data-copied', 'true');
});

test('the product links to the marketplace in a new tab; the data and To Buy popovers explain the row', async ({
  page,
}) => {
  await importRows(page, [baseRow('POP-1', { asin: 'B0POP00001', title: 'Popover Product' })]);
  await page.goto('/restock');
  const link = page.getByRole('link', { name: 'Popover Product' });
  await expect(link).toHaveAttribute('href', 'https://www.amazon.com/dp/B0POP00001');
  await expect(link).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'View data of POP-1' }).click();
  const data = page.getByRole('dialog', { name: 'Data of POP-1' });
  await expect(data).toContainText('msku');
  await expect(data).toContainText('"B0POP00001"');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Why buy 30 of POP-1' }).click();
  const why = page.getByRole('dialog', { name: 'Why 30 for POP-1' });
  await expect(why).toContainText('Days to cover');
  await expect(why).toContainText('7 + 3 + 10 + 30');
});

test('the header tooltip shows the column description after a hover; clicking outside clears the selection', async ({
  page,
}) => {
  await importRows(page, [baseRow('TIP-1')]);
  await page.goto('/restock');
  await page.getByText('To Buy', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(page.getByRole('tooltip')).toHaveCSS('max-width', '200px');

  const supplier = await cell(page, 'TIP-1', 'Supplier');
  await supplier.click();
  await expect(supplier).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-has-selection="true"]')).toHaveCount(1);
  await page.getByRole('heading', { name: 'Restock' }).click();
  await expect(page.locator('[data-has-selection="false"]')).toHaveCount(1);
  await expect(rowOf(page, 'TIP-1')).toBeVisible();
});

test('rows under the pointer ignore it while the wheel scrolls, and take clicks once it rests', async ({
  page,
}) => {
  const mskus = Array.from({ length: 80 }, (_, index) => `WHEEL-${String(index).padStart(2, '0')}`);
  await importRows(
    page,
    mskus.map((msku) => baseRow(msku)),
  );
  await page.goto('/restock');
  await expect(rowOf(page, 'WHEEL-00')).toBeVisible();
  const box = (await (await cell(page, 'WHEEL-03', 'Supplier')).boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const hitAfterWheel = (wheel: boolean) =>
    page.evaluate(
      ({ x, y, wheel }) => {
        const grid = document.querySelector('[role="grid"]')!;
        if (wheel) grid.dispatchEvent(new WheelEvent('wheel', { deltaY: 0, bubbles: true }));
        const hit = document.elementFromPoint(x, y);
        return hit === grid
          ? 'grid'
          : (hit?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? 'none');
      },
      { ...point, wheel },
    );
  // A wheel event hands the pointer to the grid itself, which scrolls; the rows get it back.
  expect(await hitAfterWheel(true)).toBe('grid');
  await expect.poll(() => hitAfterWheel(false)).not.toBe('grid');

  // The grid library's summary-row rules are left out of the build: a positional rule on the
  // grid's children restyled every row and cell each time a scroll added or removed a row.
  const summaryRowRules = await page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && rule.selectorText.includes('summary-row'))
          found.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return found;
  });
  expect(summaryRowRules).toEqual([]);

  // A real wheel scroll, then a click on a row it brought into view.
  await page.mouse.move(point.x, point.y);
  for (let step = 0; step < 6; step++) await page.mouse.wheel(0, 300);
  const checkbox = page.getByRole('checkbox', { name: 'Include WHEEL-60 in next order' });
  await expect(checkbox).toBeVisible();
  await checkbox.check();
  await expect(checkbox).toBeChecked();
});

test('every cell sits in its column: scrolled sideways, with the active cell out of view, after a reorder', async ({
  page,
}) => {
  // A narrow window: the grid renders only the columns in view, so scrolling sideways leaves a gap.
  await page.setViewportSize({ width: 1100, height: 700 });
  await importRows(
    page,
    Array.from({ length: 60 }, (_, index) => baseRow(`PLACE-${String(index).padStart(2, '0')}`)),
  );
  await page.goto('/restock');
  await expect(rowOf(page, 'PLACE-00')).toBeVisible();

  // Each body cell's box against its column's track in the grid's template (frozen cells stick to
  // the left edge), and the columns rendered in the first row: what the grid is showing.
  const placement = () =>
    page.evaluate(() => {
      const root = document.querySelector<HTMLElement>('[role="grid"]')!;
      const tracks = getComputedStyle(root).gridTemplateColumns.split(' ').map(Number.parseFloat);
      const origin = root.getBoundingClientRect().left + root.clientLeft - root.scrollLeft;
      const misplaced: string[] = [];
      const rows = [...root.querySelectorAll('[role="row"]')].filter((row) =>
        row.querySelector('[role="gridcell"]'),
      );
      for (const row of rows) {
        for (const cell of row.querySelectorAll<HTMLElement>('[role="gridcell"]')) {
          const index = Number(cell.getAttribute('aria-colindex'));
          const box = cell.getBoundingClientRect();
          if (cell.classList.contains('rdg-cell-frozen-start')) continue;
          const left = origin + tracks.slice(0, index - 1).reduce((sum, width) => sum + width, 0);
          if (Math.abs(box.left - left) > 1 || Math.abs(box.width - tracks[index - 1]!) > 1) {
            misplaced.push(
              `row ${row.getAttribute('aria-rowindex')} column ${index} at ${box.left}, not ${left}`,
            );
          }
        }
      }
      const shown = [...rows[0]!.querySelectorAll('[role="gridcell"]')].map((cell) =>
        Number(cell.getAttribute('aria-colindex')),
      );
      return { misplaced, shown, checked: rows.length };
    });
  const scrollTo = (position: { left?: number; top?: number }) =>
    page.evaluate(async ({ left, top }) => {
      const root = document.querySelector('[role="grid"]')!;
      if (left !== undefined) root.scrollLeft = left;
      if (top !== undefined) root.scrollTop = top;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }, position);
  const scrollSideways = (left: number) => scrollTo({ left });

  const atStart = await placement();
  expect(atStart.misplaced).toEqual([]);
  expect(atStart.shown.slice(0, 3)).toEqual([1, 2, 3]);

  // Scrolled to the far right: the frozen product, then a gap, then the columns in view.
  await scrollSideways(100_000);
  const atEnd = await placement();
  expect(atEnd.misplaced).toEqual([]);
  expect(atEnd.shown[1]).toBeGreaterThan(3);
  // Rows brought in by scrolling down while scrolled sideways, then the top again.
  await scrollTo({ top: 1200 });
  expect((await placement()).misplaced).toEqual([]);
  await scrollTo({ top: 0 });

  // A cell made active, then scrolled out of view: the grid keeps it rendered, out of order.
  await scrollSideways(0);
  await (await cell(page, 'PLACE-00', 'Total Spend')).click();
  await scrollSideways(100_000);
  const activeOutOfView = await placement();
  expect(activeOutOfView.misplaced).toEqual([]);
  expect(activeOutOfView.shown[1]).toBe(3);
  expect(activeOutOfView.shown[2]).toBeGreaterThan(4);

  // Part way, then back, then after a column is dragged elsewhere.
  await scrollSideways(700);
  expect((await placement()).misplaced).toEqual([]);
  await scrollSideways(0);
  await grid(page)
    .getByRole('columnheader')
    .filter({ hasText: 'Days of Stock' })
    .dragTo(grid(page).getByRole('columnheader').filter({ hasText: 'To Buy' }));
  await expect
    .poll(async () => (await headerNames(page)).slice(0, 3))
    .toEqual(['Product', 'Days of Stock', 'To Buy']);
  expect((await placement()).misplaced).toEqual([]);
});
