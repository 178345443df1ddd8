/**
 * The reference grid of `bench:restock` (DESIGN 8): AG Grid Community's client-side row model on
 * the same rows, loaded from the same API answer in the same Chromium. The page is served by
 * Playwright on the app's origin (so it reads the API with the same token); nothing of it ships.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { RestockColumn } from '../src/core/restock/columns';

export const AG_GRID_PATH = '/__bench/ag-grid.html';
const SCRIPT_PATH = '/__bench/ag-grid-community.min.js';

/**
 * Its column definitions: every restock column with its header name and width, the product
 * column pinned left like ours. Nulls sort last in both directions, as in our grid, so both show
 * the same first row. The product text (title, ASIN, MSKU) is built once per row while loading,
 * which spares AG Grid a value getter on every filter pass: the reference gets the kinder setup.
 */
function columnDefs(columns: readonly RestockColumn[]) {
  return columns.map((column) => ({
    colId: column.key,
    field: column.key,
    headerName: column.name,
    width: column.width,
    pinned: column.frozen ? 'left' : undefined,
    filter:
      column.filterBy === 'text'
        ? 'agTextColumnFilter'
        : column.filterBy === 'range'
          ? 'agNumberColumnFilter'
          : true,
  }));
}

function pageHtml(columns: readonly RestockColumn[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>AG Grid reference</title>
<style>html,body{margin:0;height:100%}#grid{height:100vh}</style></head>
<body><div id="grid"></div>
<script src="${SCRIPT_PATH}"></script>
<script>
const nullsLast = (a, b, _nodeA, _nodeB, isDescending) => {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : isDescending ? -1 : 1;
  if (b === null || b === undefined) return isDescending ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
};
const columnDefs = ${JSON.stringify(columnDefs(columns))}.map((def) => ({ ...def, comparator: nullsLast }));
// A failed load shows an alert, which the probes stop on, instead of a grid they wait for.
const fail = (reason) => {
  const alert = document.createElement('div');
  alert.setAttribute('role', 'alert');
  alert.textContent = 'AG Grid page: ' + reason;
  document.body.append(alert);
};
(async () => {
  const response = await fetch('/api/tables/restock/data?shape=columns', {
    headers: { authorization: 'Bearer ' + sessionStorage.getItem('accessToken') },
  });
  if (!response.ok) return fail(response.status + ' ' + (await response.text()));
  const { keys, rows } = await response.json();
  const rowData = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const values = rows[r];
    const row = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]] = values[i];
    row.product = [row.title, row.asin, row.msku].filter((part) => typeof part === 'string').join('\\n');
    rowData[r] = row;
  }
  window.benchGrid = agGrid.createGrid(document.getElementById('grid'), {
    columnDefs,
    rowData,
    getRowId: (params) => params.data.msku,
    defaultColDef: { sortable: true },
    animateRows: false,
  });
})().catch((error) => fail(String(error)));
</script></body></html>`;
}

/** Serves the reference page and AG Grid's script on the app's origin for this page or context. */
export async function routeAgGrid(
  target: Page | BrowserContext,
  baseUrl: string,
  columns: readonly RestockColumn[],
) {
  const require = createRequire(import.meta.url);
  // The package exports only its module entry (dist/package/main.cjs.js); the browser bundle sits beside it.
  const dist = path.dirname(path.dirname(require.resolve('ag-grid-community')));
  const script = await readFile(path.join(dist, 'ag-grid-community.min.js'));
  const html = pageHtml(columns);
  await target.route(`${baseUrl}${SCRIPT_PATH}`, (route) =>
    route.fulfill({ body: script, contentType: 'text/javascript' }),
  );
  await target.route(`${baseUrl}${AG_GRID_PATH}`, (route) =>
    route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }),
  );
}

/**
 * In-page helper installed before each page's scripts: resolves with the page clock once `test`
 * holds at an animation frame and the next frame has begun (the frame that shows it has been
 * painted). `bench/paint-probe.ts` checks this against Chromium's Event Timing: a few ms after the
 * frame is presented, where waiting for a second frame added a whole frame more. Rejects when the
 * page shows an error, or after 10 minutes, so a wrong expectation fails the bench instead of
 * hanging it.
 */
export const PAINTED_HELPER = `window.benchPainted = (test) => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    if (test()) requestAnimationFrame(() => resolve(performance.now()));
    else if (document.querySelector('[role="alert"]')) {
      reject(new Error('bench: the page shows ' + document.querySelector('[role="alert"]').textContent));
    } else if (performance.now() - started > 600000) reject(new Error('bench: condition never held'));
    else requestAnimationFrame(check);
  };
  check();
});`;

/**
 * In-page helpers for a scroll by the mouse wheel (real input, scrolled by the browser as for a
 * seller): `benchScroller(root)` finds the grid's vertical scroller (the element under `root`, or
 * `root`, that scrolls furthest; `benchFindScroller(root)`: the same, or null); `benchFrames(count)` resolves with the intervals of `count` idle
 * frames (the display's frame); `benchRecordFrames(scroller)` records every frame's interval until
 * the function it returns is called, which resolves once the scroll has stood still for ten frames.
 */
export const SCROLL_HELPER = `window.benchFindScroller = (rootSelector) => {
  const root = document.querySelector(rootSelector);
  const candidates = root ? [root, ...root.querySelectorAll('*')] : [];
  return candidates
    .filter((el) => el.scrollHeight > el.clientHeight + 100 && /auto|scroll/.test(getComputedStyle(el).overflowY))
    .sort((a, b) => b.scrollHeight - a.scrollHeight)[0] ?? null;
};
window.benchScroller = (rootSelector) => {
  const scroller = benchFindScroller(rootSelector);
  if (!scroller) throw new Error('bench: no scrolling element under ' + rootSelector);
  return scroller;
};
window.benchFrames = (count) => new Promise((resolve) => {
  const intervals = [];
  let last = null;
  const tick = (now) => {
    if (last !== null) intervals.push(now - last);
    last = now;
    if (intervals.length === count) resolve(intervals);
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
window.benchRecordFrames = (scroller) => {
  const intervals = [];
  let last = null;
  let stopping = null;
  let still = 0;
  let position = scroller.scrollTop;
  const tick = (now) => {
    if (last !== null) intervals.push(now - last);
    last = now;
    still = scroller.scrollTop === position ? still + 1 : 0;
    position = scroller.scrollTop;
    // The frames after the scroll came to rest are not counted.
    if (stopping && still >= 10) stopping({ intervals: intervals.slice(0, intervals.length - 10), scrolled: position });
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => new Promise((resolve) => { stopping = resolve; });
};`;

/** In-page expressions (strings: tsx's __name helper does not exist in the page). */
export const agGridProbes = {
  firstRows: `benchPainted(() => document.querySelector('.ag-row[row-index="0"]'))`,
  /** A click on the header's label, then row 0 painted with the lowest cost. */
  sort: (column: string, firstCost: number) => `(async () => {
    const label = document.querySelector('.ag-header-cell[col-id=${JSON.stringify(column)}] .ag-header-cell-label');
    const start = performance.now();
    label.click();
    const end = await benchPainted(() => {
      const first = benchGrid.getDisplayedRowAtIndex(0);
      // Row 0 of every section (pinned and scrolling) shows the grid's first row.
      const rows = [...document.querySelectorAll('.ag-row[row-index="0"]')];
      const painted = first && rows.length > 0 && rows.every((row) => row.getAttribute('row-id') === first.id);
      return painted && first.data[${JSON.stringify(column)}] === ${firstCost};
    });
    return end - start;
  })()`,
  /** The product filter set through the API (its floating input waits 500 ms by design), then painted. */
  filter: (text: string, count: number) => `(async () => {
    const start = performance.now();
    await benchGrid.setColumnFilterModel('product', { filterType: 'text', type: 'contains', filter: ${JSON.stringify(text)} });
    benchGrid.onFilterChanged();
    const end = await benchPainted(() => {
      const first = benchGrid.getDisplayedRowAtIndex(0);
      // Row 0 of every section (pinned and scrolling) shows the grid's first row.
      const rows = [...document.querySelectorAll('.ag-row[row-index="0"]')];
      const painted = first && rows.length > 0 && rows.every((row) => row.getAttribute('row-id') === first.id);
      return painted && benchGrid.getDisplayedRowCount() === ${count};
    });
    return end - start;
  })()`,
  /** Where the grid's rows scroll (see scrollByWheel). */
  scrollRoot: '#grid',
};

/** The same probes for our grid. */
export const ourProbes = {
  firstRows: `benchPainted(() => document.querySelector('[aria-label^="Copy MSKU "]'))`,
  /** Every row here (the count says so, no longer "Loading"): the page clock then. */
  allRows: (countText: string) =>
    `benchPainted(() => [...document.querySelectorAll('[aria-live="polite"]')].some((el) => el.textContent === ${JSON.stringify(countText)}))`,
  /** A click where a user clicks (the header's centre), then the expected first row painted. */
  sort: (header: string, firstMsku: string) => `(async () => {
    const cell = [...document.querySelectorAll('[role="columnheader"]')].find((h) => h.textContent.includes(${JSON.stringify(header)}));
    const box = cell.getBoundingClientRect();
    const target = document.elementFromPoint(box.left + box.width / 2, box.top + 12);
    const start = performance.now();
    target.click();
    const end = await benchPainted(() => document.querySelector(${JSON.stringify(`[aria-label="Copy MSKU ${firstMsku}"]`)}));
    return end - start;
  })()`,
  /** The filter box typed into (React's value setter and an input event), then the count and first row painted. */
  filter: (label: string, text: string, countText: string, firstMsku: string) => `(async () => {
    const input = document.querySelector(${JSON.stringify(`input[aria-label="${label}"]`)});
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const start = performance.now();
    setValue.call(input, ${JSON.stringify(text)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const end = await benchPainted(() =>
      [...document.querySelectorAll('[aria-live="polite"]')].some((el) => el.textContent === ${JSON.stringify(countText)}) &&
      document.querySelector(${JSON.stringify(`[aria-label="Copy MSKU ${firstMsku}"]`)}));
    return end - start;
  })()`,
  scrollRoot: '[role="grid"]',
};

/**
 * One scroll by the wheel: the display's frame, then each frame's interval while it scrolled, the
 * pixels scrolled and how long sending the wheel events took (milliseconds).
 */
export type ScrollRun = { idle: number[]; intervals: number[]; scrolled: number; sentIn: number };

/**
 * Scrolls the grid under `root` down by `events` wheel events of `step` pixels, with the pointer
 * over the grid; records the page's frames meanwhile, then scrolls back to the top.
 *
 * Without `everyMs` the events go as fast as the browser takes them. That pace is the grid's own:
 * the browser acknowledges a wheel event at once when the page only listens passively (ours), but
 * only after the main thread has handled it when a listener may cancel it (AG Grid's), so the
 * driver's next event waits for that grid's main thread. With `everyMs` each event is sent on a
 * fixed schedule, one every `everyMs` (or as soon as the one before was taken, when that is later),
 * so both grids are scrolled at the same speed.
 */
export async function scrollByWheel(
  page: Page,
  root: string,
  events: number,
  step: number,
  everyMs?: number,
): Promise<ScrollRun> {
  // A million-row page once had no scroller yet when its rows were counted: wait for one.
  await page.waitForFunction(`benchFindScroller(${JSON.stringify(root)}) !== null`, undefined, {
    timeout: 60_000,
  });
  const box = await page.locator(root).first().boundingBox();
  if (!box) throw new Error(`bench: ${root} is not on the page`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const idle = await page.evaluate<number[]>('benchFrames(60)');
  await page.evaluate(`window.benchStop = benchRecordFrames(benchScroller(${JSON.stringify(root)}))`);
  const start = performance.now();
  for (let event = 0; event < events; event++) {
    if (everyMs !== undefined) {
      // A timed schedule is the point here: the input's pace, not a wait for the page.
      const due = start + event * everyMs - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    }
    await page.mouse.wheel(0, step);
  }
  const sentIn = performance.now() - start;
  const run = await page.evaluate<{ intervals: number[]; scrolled: number }>('benchStop()');
  await page.evaluate(`benchScroller(${JSON.stringify(root)}).scrollTop = 0`);
  await page.evaluate('benchFrames(2)');
  return { idle, ...run, sentIn };
}
