import { shouldRelock } from './account-rules.ts';
import { appStore, getState, setState } from './app-store.ts';
import { afterMiss, msLeft, readBackoff, writeBackoff } from './passcode-backoff.ts';
import { passcodeMatches } from './passcode-check.ts';
import { safeLocalStorage } from './persist-store.ts';

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
  | { kind: 'mismatch'; waitMs: number }
  | { kind: 'wait'; waitMs: number };

/**
 * Checks a full 4-digit entry against the user's passcode hash (decision 014); a match unlocks.
 * While a wait from earlier misses runs, the entry is not checked at all.
 */
export async function tryPasscode(code: string, now = Date.now()): Promise<PasscodeOutcome> {
  const storage = safeLocalStorage();
  const backoff = readBackoff(storage);
  const left = msLeft(backoff, now);
  if (left > 0) return { kind: 'wait', waitMs: left };
  const lock = getState().user.code;
  if (lock && (await passcodeMatches(code, lock))) {
    trustThisVisit();
    return { kind: 'match' };
  }
  const next = afterMiss(backoff, now);
  writeBackoff(storage, next);
  return { kind: 'mismatch', waitMs: msLeft(next, now) };
}

/** Milliseconds before the next entry will be checked. */
export function passcodeWaitLeft(now = Date.now()): number {
  return msLeft(readBackoff(safeLocalStorage()), now);
}
