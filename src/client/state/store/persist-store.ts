import { runPageHideHooks } from '../page-lifecycle.ts';
import { type AppState, type PersistedState, persistedPart } from './app-state.ts';
import { appStore, getState, setState } from './app-store.ts';
import { onSealingChange } from './local-words.ts';
import {
  createThrottledSaver,
  joinCarried,
  sealStateSoon,
  writeSaved,
  writeState,
} from './persistence.ts';

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
  // Saves begun; a sealed save that finishes after a later one has begun is not written.
  let begun = 0;
  let sealing = false;
  const save = () => {
    begun += 1;
    sealing = false;
    writeState(storage, persistedPart(getState()));
  };
  // While the app runs, an encrypted account's state is sealed off the main thread: sealed on
  // it, a ten-year journal held the page for 2.0–2.5 s at 4× CPU. A save that must land now (the
  // page going away, the person changing) is sealed at once.
  const saveSoon = () => {
    const start = performance.now();
    const sealed = sealStateSoon(persistedPart(getState()));
    if (!sealed) return save();
    begun += 1;
    const mine = begun;
    sealing = true;
    void sealed.then(
      (saved) => {
        if (mine !== begun) return;
        sealing = false;
        writeSaved(storage, saved, start);
      },
      () => mine === begun && save(),
    );
  };
  const saver = createThrottledSaver(saveSoon);
  const saveNow = () => {
    saver.flush();
    if (sealing) save();
  };
  const unsubscribe = appStore.subscribe((state, previous) => {
    if (!persistedChanged(state, previous)) return;
    saver.schedule();
    if (state.user._id !== previous.user._id) saveNow();
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
    saveNow();
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
