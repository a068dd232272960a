import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { todayOf } from '../shared/domain/calendar-day.ts';
import { App } from './app.tsx';
import { router } from './router.tsx';
import { hydrate } from './state/app-store.ts';
import { safeLocalStorage, startPersisting } from './state/persist-store.ts';
import { loadSavedState } from './state/persistence.ts';
import { startApp } from './state/startup.ts';
import { startTheme } from './theme/theme.ts';
import './styles.css';

startTheme();

// Restore the saved state before the first render, so the first paint already shows it.
const storage = safeLocalStorage();
const saved = loadSavedState(storage, todayOf(new Date()));
if (saved) hydrate(saved);
startPersisting(storage);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Loads run in parallel and never hold up the first paint.
startApp((path) => void router.navigate(path, { replace: true }));
