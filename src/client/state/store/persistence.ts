import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { initialPersistedState, type PersistedState } from './app-state.ts';
import { localCipher, sealingWords, sealWordsFor, wordsToKeep } from './local-words.ts';
import { onReset } from './module-state.ts';
import { persistedStateSchema } from './persisted-schema.ts';
import { read } from './saved-reader.ts';
import type { Carried } from './sealed-state.ts';

/** SPEC §3: the localStorage key. */
export const STORAGE_KEY = 'reflect-state';
/**
 * Bump when the saved shape changes incompatibly, and add a step to MIGRATIONS that turns the
 * previous version's `state` into the new one. A version without a path here is discarded.
 */
export const STATE_VERSION = 1;
/** SPEC §9: state persistence is throttled to 1000 ms. */
export const SAVE_INTERVAL_MS = 1000;

type Migration = (state: unknown) => unknown;
const MIGRATIONS: Record<number, Migration> = {};

/**
 * `sealed`: an encrypted account's state, sealed by local-words.ts. Beside it, `state` holds
 * only the user — or, written while the journal was locked, what the store had then (nothing the
 * key opens: that needs the key).
 */
export type SavedEnvelope = { version: number; state: Partial<PersistedState>; sealed?: string };

/** A sealed state this device could not open at start-up (its journal is locked). */
let carried: Carried | null = null;
onReset(() => {
  carried = null;
});

/** `now` joined with the carried state, once the key opens it; null when none or not yet. */
export function joinCarried(now: PersistedState): PersistedState | null {
  const joined = carried?.join(now) ?? null;
  if (joined) carried = null;
  return joined;
}

export function serialiseState(state: PersistedState): string {
  const envelope: SavedEnvelope = { version: STATE_VERSION, state };
  if (sealingWords()) {
    const sealed = wordsToKeep(JSON.stringify(state));
    if (sealed === null) envelope.sealed = carried?.sealed;
    else Object.assign(envelope, { state: { user: state.user }, sealed });
  }
  return JSON.stringify(envelope);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The state saved in `raw`, or null when there is none or it cannot be used: not JSON, not our
 * envelope, or a version with no migration path (for example the unversioned state of an
 * older client). Within a usable envelope, broken fields fall back to their defaults.
 */
export function restoreState(raw: string | null, today: CalendarDay): PersistedState | null {
  let parsed: unknown;
  try {
    parsed = raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.version !== 'number') return null;
  return restoreVersion(parsed.version, parsed.state, today);
}

/** The sealed part of a saved state, if it has one (an encrypted account's). */
function sealedOf(raw: string | null): string | null {
  try {
    const parsed: unknown = raw?.includes('"sealed":"') ? JSON.parse(raw) : null;
    return isRecord(parsed) && typeof parsed.sealed === 'string' ? parsed.sealed : null;
  } catch {
    return null;
  }
}

/** A saved `state` of `from`'s version, brought to this one and read (null: unusable). */
function restoreVersion(from: number, saved: unknown, today: CalendarDay): PersistedState | null {
  let version = from;
  let state = saved;
  while (version !== STATE_VERSION) {
    const migrate = MIGRATIONS[version];
    if (!migrate) return null;
    state = migrate(state);
    version += 1;
  }
  const result = read(persistedStateSchema, state);
  if (!result.success) return null;
  const defaults = initialPersistedState(today);
  const restored: Partial<PersistedState> = {};
  for (const [key, value] of Object.entries(result.data)) {
    if (value !== undefined) Object.assign(restored, { [key]: value });
  }
  return { ...defaults, ...restored };
}

/**
 * Reads the saved state; anything unusable is removed so it cannot trip the next start. An
 * encrypted account's sealed state is opened with the key this device holds (sealed-state.ts).
 */
export async function loadSavedState(
  storage: Storage | null,
  today: CalendarDay,
): Promise<PersistedState | null> {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(STORAGE_KEY) ?? null;
  } catch (error) {
    console.warn('Müse could not read its saved state', error);
    return null;
  }
  const sealed = sealedOf(raw);
  let state = restoreState(raw, today);
  if (state && sealed) {
    const { openSealedState } = await import('./sealed-state.ts');
    const restore = (saved: unknown) => restoreVersion(STATE_VERSION, saved, today);
    ({ state, carried } = await openSealedState(state, sealed, restore));
  }
  if (state) sealWordsFor(state.user.encryption ? state.user._id : null);
  // A clear passcode saved before decision 014 is dropped on restore; it must not stay on the
  // device until the next change is saved.
  if (state && raw !== null && /"code":"[^"]*"/.test(raw)) writeState(storage, state);
  if (raw !== null && state === null) {
    console.warn('Müse discarded a saved state it could not read');
    try {
      storage?.removeItem(STORAGE_KEY);
    } catch {
      // Nothing more to do: the next save overwrites it.
    }
  }
  return state;
}

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * Calls `save` at most once per `interval`: the first change after a quiet period schedules a
 * save `interval` later, and every change until then rides along with it. `flush` saves a
 * pending change at once (for `pagehide`).
 */
export function createThrottledSaver(
  save: () => void,
  interval: number = SAVE_INTERVAL_MS,
  timers: Timers = {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  },
) {
  let pending: unknown = null;
  const run = () => {
    pending = null;
    save();
  };
  return {
    schedule() {
      if (pending === null) pending = timers.setTimeout(run, interval);
    },
    flush() {
      if (pending === null) return;
      timers.clearTimeout(pending);
      run();
    },
    get isPending() {
      return pending !== null;
    },
  };
}

/** Writes the state; a full or blocked storage only logs (SPEC §8), never breaks the app. */
export function writeState(storage: Storage | null, state: PersistedState): void {
  const start = performance.now();
  writeSaved(storage, serialiseState(state), start);
}

/**
 * The state sealed off the main thread (WebCrypto), for a save that need not land at once; null
 * when it is not sealed with an open key (serialiseState then, at once).
 */
export function sealStateSoon(state: PersistedState): Promise<string> | null {
  const cipher = sealingWords() ? localCipher() : null;
  if (!cipher) return null;
  return cipher
    .sealAsync(JSON.stringify(state))
    .then((sealed) =>
      JSON.stringify({ version: STATE_VERSION, state: { user: state.user }, sealed }),
    );
}

/**
 * Writes a serialised state. The time from `start` is the User Timing `muse:save-state` (npm run
 * bench:decrypt reads it).
 */
export function writeSaved(storage: Storage | null, saved: string, start: number): void {
  try {
    storage?.setItem(STORAGE_KEY, saved);
    performance.clearMeasures('muse:save-state');
    performance.measure('muse:save-state', { start });
  } catch (error) {
    console.warn('Müse could not save its state on this device', error);
  }
}
