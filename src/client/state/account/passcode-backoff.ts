// Wrong passcodes slow down (decision 014): three tries free, then a wait of 1 s that doubles
// with every further miss, at most 15 minutes. The count is kept in local storage beside the
// journal, so reloading the page does not start it over.

export const FREE_TRIES = 3;
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 15 * 60 * 1000;
export const BACKOFF_KEY = 'muse-passcode-backoff';

export type Backoff = { failures: number; until: number };

/** How long to wait after `failures` wrong codes in a row. */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

/** The state after one more wrong code at `now`. */
export function afterMiss(previous: Backoff, now: number): Backoff {
  const failures = previous.failures + 1;
  return { failures, until: now + waitAfter(failures) };
}

/** Milliseconds left before the next try may be checked (0: now). */
export function msLeft(backoff: Backoff, now: number): number {
  return Math.max(0, backoff.until - now);
}

/**
 * How long until the whole seconds `describeWait` shows change: a countdown that ticks then reads
 * "2 s" while between 1 and 2 s are left, and never skips a second.
 */
export function msToNextSecond(ms: number): number {
  return ms % 1000 || 1000;
}

/** '1 s', '45 s', '2 min 8 s' (no-break spaces keep a number with its unit): a calm wait. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}\u00a0s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes}\u00a0min` : `${minutes}\u00a0min ${rest}\u00a0s`;
}

export function readBackoff(storage: Storage | null): Backoff {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(BACKOFF_KEY) ?? 'null');
    const { failures, until } = (parsed ?? {}) as Partial<Backoff>;
    if (typeof failures === 'number' && typeof until === 'number' && failures >= 0) {
      return { failures, until };
    }
  } catch {
    // A broken value counts as none.
  }
  return { failures: 0, until: 0 };
}

export function writeBackoff(storage: Storage | null, backoff: Backoff): void {
  try {
    if (backoff.failures === 0) storage?.removeItem(BACKOFF_KEY);
    else storage?.setItem(BACKOFF_KEY, JSON.stringify(backoff));
  } catch {
    // Storage full or blocked: the wait still holds for this page.
  }
}
