import { shouldRelock } from './account-rules.ts';
import { appStore, getState, setState } from './app-store.ts';

// SPEC §2 Modals / §4: when the user has a passcode, the passcode modal appears after the user
// loads and cannot be closed until the code matches. When it asks (decision 011):
// - on every fresh load of the app (a restored user with a code is locked before the first
//   paint, even offline; a code that arrives with the user load locks too);
// - when the tab comes back after being hidden for 5 minutes or more.
// It does not ask right after the person proved who they are on this page: a matching code,
// setting the code themselves, or signing in with the password.

let trusted = false;
let hiddenAt: number | null = null;

/** This visit knows who is here: no passcode until the next load or a long absence. */
export function trustThisVisit(): void {
  trusted = true;
  setState({ locked: false });
}

function lockIfNeeded(): void {
  const { user, locked } = getState();
  const shouldLock = user.code !== '' && !trusted;
  if (shouldLock !== locked) setState({ locked: shouldLock });
}

export function startPasscodeLock(): void {
  lockIfNeeded();
  appStore.subscribe((state, previous) => {
    if (state.user.code !== previous.user.code) lockIfNeeded();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
      return;
    }
    if (shouldRelock(hiddenAt, Date.now())) {
      trusted = false;
      lockIfNeeded();
    }
    hiddenAt = null;
  });
}

/** Checks a full 4-digit entry against the user's code; a match unlocks. */
export function tryPasscode(code: string): boolean {
  const expected = getState().user.code;
  if (expected === '' || code !== expected) return false;
  trustThisVisit();
  return true;
}
