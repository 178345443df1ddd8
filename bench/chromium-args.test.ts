import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../tests/e2e/support/chromium';

// Chromium keeps only the last `--disable-features` switch, and Playwright passes one before ours:
// ours must repeat every feature Playwright turns off, or an upgrade of Playwright would turn
// some back on in every bench and browser test without a word.

/** The features Playwright's own switch turns off, read from the installed Playwright. */
function playwrightDisabledFeatures(): string[] {
  const packageJson = createRequire(import.meta.url).resolve('playwright-core/package.json');
  const bundle = readFileSync(path.join(path.dirname(packageJson), 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  if (list === undefined) throw new Error("Playwright's list of disabled features was not found");
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((match) => match[1]!);
}

describe("the browser's command line", () => {
  it('turns off every feature Playwright turns off, in its one --disable-features switch', () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const ours = new Set(switches[0]!.slice('--disable-features='.length).split(','));
    const theirs = playwrightDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect(theirs.filter((feature) => !ours.has(feature))).toEqual([]);
    expect(ours.has('WebUIOmniboxAimPopup')).toBe(true);
  });
});
