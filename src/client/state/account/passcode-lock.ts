import { appStore, getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { safeLocalStorage } from '../store/persist-store.ts';
import { shouldRelock } from './account-rules.ts';
import { afterMiss, msLeft, readBackoff, writeBackoff } from './passcode-backoff.ts';
import { passcodeMatches } from './passcode-check.ts';

// SPEC §2 Modals / §4: when the user has a passcode, the passcode modal appears after the user
// loads and cannot be closed until the code matches. When it asks (decision 011):
// - on every fresh load of the app (a restored user with a code is locked before the first
//   paint, even offline; a code that arrives with the user load locks too);
// - when the tab comes back after being hidden for 5 minutes or more.
// It does not ask right after the person proved who they are on this page: a matching code,
// setting the code themselves, or signing in with the password.

let trusted = false;
let hiddenAt: number | null = null;

onReset(() => {
  trusted = false;
  hiddenAt = null;
});

/** This visit knows who is here: no passcode until the next load or a long absence. */
export function trustThisVisit(): void {
  trusted = true;
  // Proving who they are (code, password, setting a code) ends any wait from wrong codes.
  writeBackoff(safeLocalStorage(), { failures: 0, until: 0 });
  setState({ locked: false });
}

function lockIfNeeded(): void {
  const { user, locked } = getState();
  const shouldLock = user.code !== null && !trusted;
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

export type PasscodeOutcome =
  | { kind: 'match' }
  | { kind: 'mismatch'; until: number }
  | { kind: 'wait'; until: number };

/**
 * Checks a full 4-digit entry against the user's passcode hash (decision 014); a match unlocks.
 * While a wait from earlier misses runs, the entry is not checked at all. `until` is the page
 * clock's moment the next entry will be checked: the one the lock keeps, so a countdown to it
 * says what the lock will do.
 */
export async function tryPasscode(code: string): Promise<PasscodeOutcome> {
  const storage = safeLocalStorage();
  const backoff = readBackoff(storage);
  if (msLeft(backoff, Date.now()) > 0) return { kind: 'wait', until: backoff.until };
  const lock = getState().user.code;
  if (lock && (await passcodeMatches(code, lock))) {
    trustThisVisit();
    return { kind: 'match' };
  }
  // The wait starts when the miss is known, after the hash (which takes a while on a slow
  // phone), not when the fourth digit was typed.
  const next = afterMiss(backoff, Date.now());
  writeBackoff(storage, next);
  return { kind: 'mismatch', until: next.until };
}

/** When the next entry will be checked, on the page clock (in the past: now). */
export function passcodeWaitUntil(): number {
  return readBackoff(safeLocalStorage()).until;
}
