import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, storedThemeName } from './app/theme';
import './app/global.css';
import { startRestockRequestsEarly } from './features/restock/early-requests';

// Apply the theme before the first paint so a light-theme user never sees a dark flash.
applyTheme(storedThemeName());
// A load of the restock page asks for its first data now, not after its code and the access map.
startRestockRequestsEarly(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
