import { runPageHideHooks } from '../page-lifecycle.ts';
import { type AppState, type PersistedState, persistedPart } from './app-state.ts';
import { appStore, getState } from './app-store.ts';
import { createThrottledSaver, writeState } from './persistence.ts';

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
 * (after the page-hide hooks, so an answer saved on the way out is in it).
 */
export function startPersisting(storage: Storage | null = safeLocalStorage()): void {
  const saver = createThrottledSaver(() => writeState(storage, persistedPart(getState())));
  appStore.subscribe((state, previous) => {
    if (persistedChanged(state, previous)) saver.schedule();
  });
  const leave = () => {
    runPageHideHooks();
    saver.flush();
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
}

export { safeLocalStorage };
