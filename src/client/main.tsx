import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { todayOf } from '../shared/domain/calendar-day.ts';
import { App } from './app.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';
import { hydrate } from './state/app-store.ts';
import { safeLocalStorage, startPersisting } from './state/persist-store.ts';
import { loadSavedState } from './state/persistence.ts';
import { startApp } from './state/startup.ts';
import { startTheme } from './theme/theme.ts';
import './styles.css';

// Start-up in four tasks, not one (issue 14: on a phone at 4× CPU one task of all of it
// blocked the page for about 300 ms): the saved state; the router and its first navigation;
// start-up's loads; the first render. The browser may paint and answer input between them.
void boot();

async function boot(): Promise<void> {
  startTheme();
  // Restore the saved state before the first render, so the first paint already shows it.
  const storage = safeLocalStorage();
  const saved = loadSavedState(storage, todayOf(new Date()));
  if (saved) hydrate(saved);
  startPersisting(storage);
  await nextTask();

  const router = createAppRouter();
  await nextTask();

  // Loads run in parallel and never hold up the first paint.
  startApp((path) => void router.navigate(path, { replace: true }));
  await nextTask();

  // Where the server sent the screen prerendered (/home, /answer/*), the first render waits
  // until the router has the screen's chunk (the page named it up front, plugins/entry-pages.ts):
  // rendered earlier, React's first commit would be an empty page and blank the prerendered one
  // for a moment. Elsewhere nothing is on the page yet, and rendering at once lets the layout's
  // work happen while the chunk loads instead of in one long task with the screen's.
  const container = document.getElementById('root');
  if (!container) return;
  if (container.hasChildNodes()) await routerReady(router);
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

/** Resolves in a task of its own, after the browser has had its turn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
