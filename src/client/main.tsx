import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { todayOf } from '../shared/domain/calendar-day.ts';
import { setDateLocales } from '../shared/domain/date-format.ts';
import { App } from './app.tsx';
import { replacePath } from './outside-navigation.ts';
import { loadScreenOf } from './router.tsx';
import { startApp } from './state/account/startup.ts';
import { watchEarlyTyping } from './state/answers/early-text.ts';
import { hydrate } from './state/store/app-store.ts';
import { safeLocalStorage, startPersisting } from './state/store/persist-store.ts';
import { loadSavedState } from './state/store/persistence.ts';
import { startTheme } from './theme/theme.ts';
import './styles.css';

// Start-up in three tasks, not one (issue 14: on a phone at 4× CPU one task of all of it
// blocked the page for about 300 ms): the saved state; start-up's loads and its first
// navigation; the first render. The browser may paint and answer input between them.
void boot();

async function boot(): Promise<void> {
  // First of all: what was typed into /answer/today's prerendered box, and what will be until
  // the editor is ready, is kept for it (issue 35 point 1).
  watchEarlyTyping();
  startTheme();
  // Shown dates follow the person's languages (issue 35); data and URLs keep ISO days.
  setDateLocales(navigator.languages?.length ? navigator.languages : [navigator.language]);
  // Restore the saved state before the first render, so the first paint already shows it.
  const storage = safeLocalStorage();
  // An encrypted account's saved state is sealed: opened here with the key this device keeps.
  const saved = await loadSavedState(storage, todayOf(new Date()));
  if (saved) hydrate(saved);
  startPersisting(storage);
  await nextTask();

  // Loads run in parallel and never hold up the first paint. A first visit's move from / to
  // /home replaces the address before the router is mounted, which then starts there.
  startApp(replacePath);
  await nextTask();

  // Where the server sent the screen prerendered (/home, /answer/*), the first render waits
  // until the screen's chunk is in (the page named it up front, plugins/entry-pages.ts):
  // rendered earlier, React's first commit would be an empty page and blank the prerendered one
  // for a moment. Elsewhere nothing is on the page yet, and rendering at once lets the layout's
  // work happen while the chunk loads instead of in one long task with the screen's.
  const container = document.getElementById('root');
  if (!container) return;
  if (container.hasChildNodes()) await loadScreenOf(location.pathname);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** Resolves in a task of its own, after the browser has had its turn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
