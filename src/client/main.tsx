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

// Loads run in parallel and never hold up the first paint.
startApp((path) => void router.navigate(path, { replace: true }));

// Where the server sent the screen prerendered (/home), the first render waits until the router
// has the screen's chunk (the page named it up front, plugins/entry-pages.ts): rendered earlier,
// React's first commit would be an empty page and blank the prerendered one for a moment.
// Elsewhere nothing is on the page yet, and rendering at once lets the layout's work happen
// while the chunk loads instead of in one long task with the screen's.
const container = document.getElementById('root');
if (container) {
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  if (container.hasChildNodes()) void routerReady().then(render);
  else render();
}

function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
