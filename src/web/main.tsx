import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyTheme, storedThemeName } from './app/theme';
import './app/global.css';

// Apply the theme before the first paint so a light-theme user never sees a dark flash.
applyTheme(storedThemeName());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
