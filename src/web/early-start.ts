import { startRestockRequestsEarly } from './features/restock/early-requests';

// Its own small file, run before the app's bundle (vite.config.ts): a load of the restock page
// asks for its first data while the app's code is still on its way, ahead of the page's code in
// the browser's six connections. Loaded async (not held back by the style sheet) and so, in
// theory, after the app: then it asks for nothing, since the app may have sent a write already,
// and an early answer must be asked before any write of this tab (early-requests.ts).
if (!(globalThis as { replenAppStarted?: boolean }).replenAppStarted) {
  startRestockRequestsEarly(window.location);
}
