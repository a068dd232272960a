import { runPageHideHooks } from '../page-lifecycle.ts';
import { type AppState, type PersistedState, persistedPart } from './app-state.ts';
import { appStore, getState, setState } from './app-store.ts';
import { onSealingChange } from './local-words.ts';
import { createThrottledSaver, joinCarried, writeState } from './persistence.ts';

const PERSISTED_KEYS = Object.keys(persistedPart(appStore.getState())) as (keyof PersistedState)[];

function persistedChanged(state: AppState, previous: AppState): boolean {
  return PERSISTED_KEYS.some((key) => state[key] !== previous[key]);
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Saves the store to localStorage at most once a second, and at once when the page is hidden
 * (after the page-hide hooks, so an answer saved on the way out is in it) or when the person
 * changes (a first visit's new user, a login, a logout): a page opened within that second must
 * know who this is. Page-hide alone lost that race to a page opened by typing its address:
 * Chromium may start the next page before the last one's page-hide has written, and the next
 * page took a returning visitor for a first one. Returns the unsubscribe function.
 */
export function startPersisting(storage: Storage | null = safeLocalStorage()): () => void {
  const save = () => writeState(storage, persistedPart(getState()));
  const saver = createThrottledSaver(save);
  const unsubscribe = appStore.subscribe((state, previous) => {
    if (!persistedChanged(state, previous)) return;
    saver.schedule();
    if (state.user._id !== previous.user._id) saver.flush();
  });
  // Sealed from now on, or in words again (local-words.ts): written again at once, so the copy
  // on the device is never left as it was. A sealed state carried while the journal was locked
  // opens now, and what it holds joins the store.
  const stopSealing = onSealingChange(() => {
    const joined = joinCarried(persistedPart(getState()));
    if (joined) setState(joined);
    save();
  });
  const leave = () => {
    runPageHideHooks();
    saver.flush();
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', hidden);
  return () => {
    unsubscribe();
    stopSealing();
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', hidden);
  };
}

export { safeLocalStorage };
