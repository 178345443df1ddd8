import { startRestockRequestsEarly } from './features/restock/early-requests';

// The restock page's code (its lazy route's files, those the app's entry does not load), named
// by the build (vite.config.ts); undefined in development.
declare const __RESTOCK_CODE__: readonly string[] | undefined;

/** Starts loading each file now, as the route will, so it is here when the router asks. */
function preload(files: readonly string[]): void {
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = file.endsWith('.css') ? 'preload' : 'modulepreload';
    if (file.endsWith('.css')) link.as = 'style';
    // As Vite's own preloads, so the browser reuses what this one fetched.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

// Its own small file, run before the app's bundle (vite.config.ts): a load of the restock page
// asks for its first data, then its code, while the app's code is still on its way, ahead of
// the page's code in the browser's six connections. Loaded async (not held back by the style
// sheet) and so, in theory, after the app: then it asks for nothing, since the app may have sent
// a write already, and an early answer must be asked before any write of the tab
// (early-requests.ts).
if (
  !(globalThis as { replenAppStarted?: boolean }).replenAppStarted &&
  startRestockRequestsEarly(window.location) &&
  typeof __RESTOCK_CODE__ !== 'undefined'
) {
  preload(__RESTOCK_CODE__);
}
