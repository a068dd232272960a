import { type CalendarDay, dayKey } from './calendar-day.ts';

/** SPEC §3: prompt ids seen or answered on `date` (a day key), so random picks avoid them. */
export type Seen = { date: string; ids: string[] };

/** The seen list for `today`: SPEC §4 "resets when its day differs from today". */
export function currentSeen(seen: Seen | null, today: CalendarDay): Seen {
  const date = dayKey(today);
  return seen !== null && seen.date === date ? seen : { date, ids: [] };
}

/** Today's seen list with `promptId` in it once. Returns the same object if nothing changed. */
export function markSeen(seen: Seen | null, promptId: string, today: CalendarDay): Seen {
  const current = currentSeen(seen, today);
  if (current.ids.includes(promptId)) return current;
  return { date: current.date, ids: [...current.ids, promptId] };
}
