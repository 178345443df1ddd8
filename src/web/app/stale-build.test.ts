import { describe, expect, it } from 'vitest';
import { isStaleBuildError } from './stale-build';

describe('a page file missing after a redeploy', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://127.0.0.1:8000/assets/RestockPage-abc.js',
    'error loading dynamically imported module: http://127.0.0.1:8000/assets/RestockPage-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/RestockPage-abc.css',
  ])('is recognised from %j', (message) => {
    expect(isStaleBuildError(new TypeError(message))).toBe(true);
  });

  it('is not any other error', () => {
    expect(isStaleBuildError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleBuildError({ status: 500 })).toBe(false);
    expect(isStaleBuildError(null)).toBe(false);
  });
});
