/**
 * `npx tsx bench/paint-probe.ts`: checks the benches' "painted" probe against Chromium's own
 * measure of the same thing. A real click on the restock table's Your Cost header (a trusted
 * event, so the browser's Event Timing records it) sorts the rows; for each click it prints
 * - Event Timing's duration: from the click to the presentation of the next frame after the click
 *   was handled (Chromium's figure for interaction to next paint, rounded to 8 ms);
 * - the probe stamp taken once the frame that shows the sorted rows has rendered (a message posted
 *   from that frame's animation callback runs after its rendering);
 * - the stamp two animation frames later, as the benches took it before.
 * The sort renders in the click's own task, so the next frame after it is the one that shows the
 * sorted rows. `BENCH_ROWS` (default 20,000), `BENCH_CLICKS` (default 15).
 */
import { onLoadedRestockPage } from './restock-page';
import { median, ms, runBench } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 15);

/** In the page: records trusted clicks' Event Timing entries, and arms both stamps on each click. */
const RECORDER = `(() => {
  window.benchClicks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'click') continue;
      const click = window.benchClicks.find((c) => c.at === entry.startTime);
      if (click) click.eventTiming = entry.duration;
    }
  }).observe({ type: 'event', durationThreshold: 16 });
  const firstMsku = () => document.querySelector('[aria-label^="Copy MSKU "]')?.getAttribute('aria-label');
  document.addEventListener('click', (event) => {
    const click = { at: event.timeStamp, before: firstMsku(), painted: null, nextFrame: null, twoFramesLater: null, eventTiming: null };
    window.benchClicks.push(click);
    const check = () => {
      if (firstMsku() === click.before) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { click.painted = performance.now(); };
      channel.port2.postMessage(null);
      requestAnimationFrame(() => {
        click.nextFrame = performance.now();
        requestAnimationFrame(() => { click.twoFramesLater = performance.now(); });
      });
    };
    requestAnimationFrame(check);
  }, true);
})()`;

async function main() {
  await onLoadedRestockPage(ROWS, [], async (page) => {
    await page.evaluate(RECORDER);
    const header = page.getByRole('columnheader').filter({ hasText: 'Your Cost' }).first();
    const box = await header.boundingBox();
    if (!box) throw new Error('bench: no Your Cost header');
    for (let click = 0; click < CLICKS; click++) {
      await page.mouse.click(box.x + box.width / 2, box.y + 12);
      await page.waitForFunction((count) => {
        const clicks = (window as unknown as { benchClicks: Array<Record<string, unknown>> }).benchClicks;
        return clicks.length === count && clicks.at(-1)!.twoFramesLater !== null;
      }, click + 1);
      // Event Timing reports once the frame is presented; a click under 16 ms gets no entry.
      await page
        .waitForFunction(
          () =>
            (window as unknown as { benchClicks: Array<Record<string, unknown>> }).benchClicks.at(-1)!
              .eventTiming !== null,
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => {});
    }
    const clicks =
      await page.evaluate<
        Array<{
          at: number;
          painted: number;
          nextFrame: number;
          twoFramesLater: number;
          eventTiming: number | null;
        }>
      >('window.benchClicks');
    const rows = clicks.map((c) => ({
      eventTiming: c.eventTiming,
      painted: c.painted - c.at,
      nextFrame: c.nextFrame - c.at,
      twoFramesLater: c.twoFramesLater - c.at,
    }));
    for (const row of rows) {
      console.log(
        `click: Event Timing ${row.eventTiming === null ? 'n/a' : ms(row.eventTiming)}, painted ${ms(row.painted)}, next frame ${ms(row.nextFrame)}, two frames later ${ms(row.twoFramesLater)}`,
      );
    }
    const timed = rows.filter((row) => row.eventTiming !== null);
    console.log(
      `paint-probe (${ROWS.toLocaleString('en-US')} rows, medians of ${timed.length} clicks): Event Timing ${ms(median(timed.map((r) => r.eventTiming!)))}, painted ${ms(median(timed.map((r) => r.painted)))}, next frame ${ms(median(timed.map((r) => r.nextFrame)))}, two frames later ${ms(median(timed.map((r) => r.twoFramesLater)))}; painted − Event Timing ${ms(median(timed.map((r) => r.painted - r.eventTiming!)))}, next frame − Event Timing ${ms(median(timed.map((r) => r.nextFrame - r.eventTiming!)))}, two frames later − Event Timing ${ms(median(timed.map((r) => r.twoFramesLater - r.eventTiming!)))}`,
    );
  });
}

runBench(main);
