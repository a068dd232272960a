import { useMemo, useSyncExternalStore } from 'react';
import { type CalendarDay, dayKey, parseDayKey, todayOf } from '../shared/domain/calendar-day.ts';

// Today changes at the device's midnight, not when something else happens to render: a timer
// set for the next midnight tells every screen that asked, and so does the tab being seen again
// (a phone asleep over midnight may run the timer late).

const listeners = new Set<() => void>();
let midnight: ReturnType<typeof setTimeout> | undefined;

function todayKey(): string {
  return dayKey(todayOf(new Date()));
}

function tell(): void {
  for (const listener of listeners) listener();
}

function onVisible(): void {
  if (document.visibilityState === 'visible') tell();
}

function scheduleMidnight(): void {
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  // A little past midnight, so the new day has surely begun when it fires.
  midnight = setTimeout(
    () => {
      tell();
      scheduleMidnight();
    },
    next.getTime() - now.getTime() + 50,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    scheduleMidnight();
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(midnight);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Today on this device's calendar (the person's own day), following the clock across midnight.
 * The same object until the day changes, so memos that depend on it are not redone.
 */
export function useToday(): CalendarDay {
  const key = useSyncExternalStore(subscribe, todayKey, todayKey);
  return useMemo(() => parseDayKey(key) ?? todayOf(new Date()), [key]);
}
