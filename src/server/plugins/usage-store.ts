// Counters for the per-user and per-address write limits, behind a small interface so the
// in-memory store (per instance) can later be swapped for a shared one (Redis, PostgreSQL)
// without touching the limits themselves.

export type UsageTotal = {
  /** The key's total in the current window, `amount` included. */
  total: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
};

export interface UsageStore {
  /**
   * Adds `amount` to `key` in the fixed window of `windowMs` that `now` falls in. A negative
   * amount gives back a charge made at the same `now` (a write refused as a whole).
   */
  add(key: string, amount: number, windowMs: number, now: number): Promise<UsageTotal>;
}

/** Fixed windows in a Map; expired windows are swept as time passes, so memory stays bounded. */
export function createMemoryUsageStore(): UsageStore {
  const windows = new Map<string, { ends: number; total: number }>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, window] of windows) if (window.ends <= now) windows.delete(key);
  };
  return {
    async add(key, amount, windowMs, now) {
      sweep(now);
      const start = Math.floor(now / windowMs) * windowMs;
      const id = `${key}@${windowMs}`;
      const current = windows.get(id);
      const window = current && current.ends > now ? current : { ends: start + windowMs, total: 0 };
      window.total += amount;
      windows.set(id, window);
      return { total: window.total, resetInMs: window.ends - now };
    },
  };
}
