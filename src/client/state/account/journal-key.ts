import { syncOfflineRecord } from '../answers/offline-sync.ts';
import { appStore, getState, setState } from '../store/app-store.ts';
import { sealWordsFor } from '../store/local-words.ts';
import { onReset } from '../store/module-state.ts';

/** Where the key is kept: loaded only for an account whose entries are encrypted. */
const deviceKeys = () => import('#client/encryption/device-key.ts');

// Whether this device holds the key to the person's encrypted entries (docs/ENCRYPTION.md):
// looked for at start-up, before the loads, and whenever the user or their encryption changes.
// Small and in the first load; what opens, makes or forgets keys is journal-lock.ts, loaded
// when needed.

/** The check of the current user, so start-up's loads wait for it. */
let checked: Promise<void> = Promise.resolve();
onReset(() => {
  checked = Promise.resolve();
});

/** Whether this device holds the key, for the user as they are now. */
function checkKey(): Promise<void> {
  const { user } = getState();
  if (!user._id || !user.encryption) {
    setState({ journalKey: 'checking' });
    return Promise.resolve();
  }
  const userId = user._id;
  return deviceKeys()
    .then((keys) => keys.restoreDeviceKey(userId))
    .then(
      (key) => {
        if (getState().user._id !== userId) return;
        setState({ journalKey: key ? 'held' : 'missing' });
      },
      // The key's code could not load (offline, not cached): nothing can be opened either.
      () => setState({ journalKey: 'missing' }),
    );
}

/** Resolves once this device knows whether it holds the journal's key (start-up's loads wait). */
export function journalKeyChecked(): Promise<void> {
  return checked;
}

/**
 * From start-up: the key is looked for now and whenever the user, or whether their entries
 * are encrypted, changes (a sign-in, another device turning it on).
 */
export function startJournalLock(): void {
  checked = checkKey();
  appStore.subscribe((state, previous) => {
    // Words found in an encrypted journal (loads.ts): sealed once the key is here.
    if (state.wordsToSeal && !previous.wordsToSeal) {
      setState({ wordsToSeal: false });
      void checked.then(() => {
        if (getState().journalKey !== 'held') return;
        void import('./journal-lock.ts').then((lock) => lock.sealPlainEntries());
      });
    }
    const sameUser = state.user._id === previous.user._id;
    if (sameUser && state.user.encryption === previous.user.encryption) return;
    // What this device keeps of an encrypted account's words is sealed (local-words.ts).
    sealWordsFor(state.user.encryption ? state.user._id : null, sameUser);
    if (sameUser && previous.user.encryption && !state.user.encryption)
      void deviceKeys().then((keys) => keys.forgetDeviceKeys());
    checked = checkKey();
    // Turned on from another device while this one wrote: what waits is sealed and sent once
    // the key is here (now, when this device already holds it; else after the unlock screen).
    if (sameUser && !previous.user.encryption && state.user.encryption) {
      void checked.then(() => {
        if (getState().journalKey !== 'held') return;
        void syncOfflineRecord();
        void import('./journal-lock.ts').then((lock) => lock.sealPlainEntries());
      });
    }
  });
}
