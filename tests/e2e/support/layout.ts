import { expect, type Page } from '@playwright/test';

export const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;

/**
 * How far the page scrolls sideways: the document, and the private layout's scrolling main area
 * (the restock grid scrolls inside its own box and is not counted).
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const main = document.querySelector('main');
    return {
      document: root.scrollWidth - root.clientWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });

export async function expectNoSidewaysScroll(page: Page, soft = false) {
  await (soft ? expect.soft : expect).poll(() => sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
}

/** Visible controls (buttons, inputs, selects) smaller than 32 px either way, described for the message. */
export const smallTargets = (page: Page, within = 'main') =>
  page.evaluate((selector) => {
    const scope = document.querySelector(selector) ?? document.body;
    const controls = scope.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, [role="button"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      // Not shown (or visually hidden behind its label, like a styled file input).
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden') continue;
      // Inputs inside a label count with the label: the whole label takes the touch.
      const label = control.closest('label');
      const target = label && control instanceof HTMLInputElement ? label.getBoundingClientRect() : box;
      if (target.width < 32 || target.height < 32) {
        const name =
          control.getAttribute('aria-label') ||
          control.textContent?.trim() ||
          `${control.tagName.toLowerCase()}${control.getAttribute('type') ? `[${control.getAttribute('type')}]` : ''}`;
        small.push(`${name.slice(0, 40)} ${Math.round(target.width)}×${Math.round(target.height)}`);
      }
    }
    return small;
  }, within);

export const setTheme = (page: Page, theme: 'dark' | 'light') =>
  page.evaluate((name) => localStorage.setItem('replen-theme', name), theme);
