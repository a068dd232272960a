import type { GridDay } from '#client/components/day-grid.tsx';
import type { DayBounds } from '#client/components/day-keys.ts';
import { paths } from '#client/routes.ts';
import { type CalendarDay, dayKey, parseDayKey } from '#shared/domain/calendar-day.ts';
import {
  addMonths,
  compareMonths,
  firstDayOf,
  type MonthRef,
  monthOf,
  monthWeeks,
} from '#shared/domain/month-grid.ts';

// My answers of one day (/past?day=YYYY-MM-DD, issue 17 point 7) and the month calendar that
// leads there. Pure: the screen reads the address and the answers, these decide.

/** The day `?day=` asks for, as its key; null when absent or not a real day (then all show). */
export function dayFromQuery(value: string | null): string | null {
  return value !== null && parseDayKey(value) ? value : null;
}

/**
 * The day of a My answers address with `?day=` ('/past?day=2026-03-04'), so that an answer
 * opened from it can come back to the same day; null for any other path.
 */
export function dayOfPastPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith(`${paths.past}?`)) return null;
  const query = new URLSearchParams(path.slice(paths.past.length + 1));
  return dayFromQuery(query.get('day'));
}

/**
 * What the calendar can reach: from the 1st of the month of the first answer (or of today) to
 * the last day with an answer or today, whichever is later. Days after that hold nothing.
 */
export function calendarSpan(dayKeys: Iterable<string>, today: CalendarDay): DayBounds {
  let first = today;
  let last = today;
  for (const key of dayKeys) {
    const day = parseDayKey(key);
    if (!day) continue;
    if (key < dayKey(first)) first = day;
    if (key > dayKey(last)) last = day;
  }
  return { first: firstDayOf(monthOf(first)), last };
}

/** The month shown first: the chosen day's, else today's. */
export function openingMonth(day: string | null, today: CalendarDay): MonthRef {
  const chosen = day ? parseDayKey(day) : null;
  return monthOf(chosen ?? today);
}

/** `m` moved `n` months, but never to a month outside `span`; null when it would leave it. */
export function stepMonth(m: MonthRef, n: number, span: DayBounds): MonthRef | null {
  const next = addMonths(m, n);
  if (compareMonths(next, monthOf(span.first)) < 0) return null;
  if (compareMonths(next, monthOf(span.last)) > 0) return null;
  return next;
}

/**
 * The month's days for the calendar: how many answers each has, today, and the days after
 * today that hold nothing (drawn, never focused).
 */
export function calendarWeeks(
  m: MonthRef,
  activity: ReadonlyMap<string, number>,
  today: CalendarDay,
): Array<Array<GridDay | null>> {
  const todayKey = dayKey(today);
  return monthWeeks(m, (d) => {
    const key = dayKey(d);
    const count = activity.get(key) ?? 0;
    return { key, day: d.day, count, today: key === todayKey, future: key > todayKey && !count };
  });
}
