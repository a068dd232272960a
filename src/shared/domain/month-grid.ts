import { addDays, type CalendarDay, daysInMonth, isoWeekday } from './calendar-day.ts';

// Month calendars, as the streak heat-map and the calendar of My answers draw them: Monday-first
// weeks of seven cells, with the days of the neighbouring months left blank.

/** A calendar month; `month` is 1-12 like CalendarDay's. */
export type MonthRef = { year: number; month: number };

export function monthOf(d: CalendarDay): MonthRef {
  return { year: d.year, month: d.month };
}

/** The month `n` months after `m` (before, for a negative n), across years. */
export function addMonths(m: MonthRef, n: number): MonthRef {
  const index = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

/** Negative when a is earlier, 0 for the same month, positive when a is later. */
export function compareMonths(a: MonthRef, b: MonthRef): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

export function firstDayOf(m: MonthRef): CalendarDay {
  return { ...m, day: 1 };
}

export function lastDayOf(m: MonthRef): CalendarDay {
  return { ...m, day: daysInMonth(m.year, m.month) };
}

/**
 * The month as Monday-first weeks of seven cells: `cell(day)` for each of its days, null for
 * the days before the 1st and after the last that belong to the months around it.
 */
export function monthWeeks<T>(m: MonthRef, cell: (d: CalendarDay) => T): Array<Array<T | null>> {
  const first = firstDayOf(m);
  const cells: Array<T | null> = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  const count = daysInMonth(m.year, m.month);
  for (let i = 0; i < count; i++) cells.push(cell(addDays(first, i)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<T | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
