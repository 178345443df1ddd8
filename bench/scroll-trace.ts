/**
 * `npx tsx bench/scroll-trace.ts`: where the main thread's time goes while the wheel scrolls the
 * restock table (100,000 products, every row loaded; BENCH_ROWS to change), from a Chromium trace
 * of each pass. Dropped frames swing with the machine's load; the elements styled and the number
 * of style recalculations per pass do not, so they show whether a change to the grid's DOM or
 * style sheets helps where a frame count cannot. Same wheel scroll as `bench:restock`.
 */
import { ourProbes, SCROLL_HELPER, scrollByWheel } from './ag-grid-reference';
import { onLoadedRestockPage } from './restock-page';
import { median, ms, runBench } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 4);
const SCROLL_EVENTS = 120;
const SCROLL_STEP = 300;
/** BENCH_EVERY_MS: one wheel event every so many ms (as `bench:restock`'s paced scroll); unset, as fast as taken. */
const EVERY_MS = process.env.BENCH_EVERY_MS ? Number(process.env.BENCH_EVERY_MS) : undefined;
if (EVERY_MS !== undefined && !(EVERY_MS > 0)) {
  throw new Error(
    `BENCH_EVERY_MS must be a number of milliseconds above 0, not "${process.env.BENCH_EVERY_MS}"`,
  );
}

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string; elementCount?: number };
};

/** What the renderer's main thread did, summed over a trace (milliseconds). */
function mainThreadTotals(events: readonly TraceEvent[]) {
  const threadKey = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map(threadKey),
  );
  // The page's renderer is the one whose main thread did the most.
  const counts = new Map<string, number>();
  for (const event of events) {
    const key = threadKey(event);
    if (mainThreads.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const totals = { busy: 0, style: 0, styled: 0, recalcs: 0, layout: 0, paint: 0, hitTest: 0, events: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined || threadKey(event) !== main) continue;
    const took = event.dur / 1000;
    if (event.name === 'ThreadControllerImpl::RunTask') totals.busy += took;
    else if (event.name === 'UpdateLayoutTree') {
      totals.style += took;
      totals.styled += event.args?.elementCount ?? 0;
      totals.recalcs++;
    } else if (event.name === 'Layout') totals.layout += took;
    else if (event.name === 'Paint') totals.paint += took;
    else if (event.name === 'LayoutView::HitTest') totals.hitTest += took;
    else if (event.name === 'EventDispatch') totals.events += took;
  }
  return totals;
}

async function main() {
  await onLoadedRestockPage(ROWS, [SCROLL_HELPER], async (page, browser) => {
    const passes: Array<ReturnType<typeof mainThreadTotals> & { dropped: number; frames: number }> = [];
    for (let pass = 0; pass < PASSES; pass++) {
      await browser.startTracing(page, {
        categories: ['toplevel', 'blink', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      const run = await scrollByWheel(page, ourProbes.scrollRoot, SCROLL_EVENTS, SCROLL_STEP, EVERY_MS);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const frame = median(run.idle);
      const dropped = run.intervals.filter((interval) => interval > frame * 1.5).length;
      const totals = { ...mainThreadTotals(trace.traceEvents), dropped, frames: run.intervals.length };
      passes.push(totals);
      console.error(
        `bench: pass ${pass + 1}: ${dropped} of ${totals.frames} frames dropped, main thread busy ${ms(totals.busy)}, ` +
          `${totals.styled} elements styled in ${totals.recalcs} recalculations (${ms(totals.style)})`,
      );
    }
    const mid = (pick: (pass: (typeof passes)[number]) => number) => median(passes.map(pick));
    console.log(
      `scroll by the wheel, ${SCROLL_EVENTS} events × ${SCROLL_STEP} px, ${ROWS} products, medians of ${PASSES} passes:`,
    );
    console.log(`  dropped frames             ${mid((p) => p.dropped)} of ${mid((p) => p.frames)}`);
    console.log(`  main thread busy           ${ms(mid((p) => p.busy))}`);
    console.log(
      `  elements styled            ${mid((p) => p.styled)} in ${mid((p) => p.recalcs)} recalculations`,
    );
    console.log(
      `  style / layout / paint     ${ms(mid((p) => p.style))} / ${ms(mid((p) => p.layout))} / ${ms(mid((p) => p.paint))}`,
    );
    console.log(`  hit tests / input events   ${ms(mid((p) => p.hitTest))} / ${ms(mid((p) => p.events))}`);
  });
}

runBench(main);
