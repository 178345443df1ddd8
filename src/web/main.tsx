import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, storedThemeName } from './app/theme';
import './app/global.css';

// The early-start file asks for nothing from here on (early-start.ts).
(globalThis as { replenAppStarted?: boolean }).replenAppStarted = true;
// Apply the theme before the first paint so a light-theme user never sees a dark flash.
applyTheme(storedThemeName());

// A load of the restock page asks for its code now, beside its first data, rather than after the
// app's first render has reached the router (the same modules the router's lazy routes load).
// A failed load (a deploy replaced the files) is the router's to report when it asks again.
if (window.location.pathname === '/restock') {
  import('./shell/PrivateLayout').catch(() => {});
  import('./features/restock/RestockPage').catch(() => {});
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
