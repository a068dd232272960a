import {
  addDays,
  type CalendarDay,
  dayKey,
  daysInMonth,
  isoWeekday,
} from '#shared/domain/calendar-day.ts';
import { addMonths, monthOf } from '#shared/domain/month-grid.ts';

// The keyboard of a day grid (the heat-map, the calendar of My answers): the grid pattern of
// WAI-ARIA's date picker. The grid is one tab stop; arrow keys move a day or a week, Home and
// End to the week's ends, Page Up and Page Down a month. Pure, so the moves are tested alone.

/** The first and last day focus may reach, both included. */
export type DayBounds = { first: CalendarDay; last: CalendarDay };

function clamp(d: CalendarDay, bounds: DayBounds): CalendarDay {
  const key = dayKey(d);
  if (key < dayKey(bounds.first)) return bounds.first;
  if (key > dayKey(bounds.last)) return bounds.last;
  return d;
}

/** The same day of the month `n` months away, or that month's last day when it is shorter. */
function sameDayMonthsAway(d: CalendarDay, n: number): CalendarDay {
  const m = addMonths(monthOf(d), n);
  return { ...m, day: Math.min(d.day, daysInMonth(m.year, m.month)) };
}

function moveFor(key: string, from: CalendarDay): CalendarDay | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return addDays(from, 1 - isoWeekday(from));
    case 'End':
      return addDays(from, 7 - isoWeekday(from));
    case 'PageUp':
      return sameDayMonthsAway(from, -1);
    case 'PageDown':
      return sameDayMonthsAway(from, 1);
    default:
      return null;
  }
}

/**
 * The day a key press moves focus to from `from`, kept within `bounds`; null for a key that
 * does not move (so the grid leaves it to the browser).
 */
export function dayForKey(key: string, from: CalendarDay, bounds: DayBounds): CalendarDay | null {
  const to = moveFor(key, from);
  return to ? clamp(to, bounds) : null;
}

/**
 * The one day of the grid that Tab reaches (roving tabindex): the first candidate that is a
 * focusable day on screen — where focus last was, the chosen day, today, a day with writing —
 * or null when none is.
 */
export function chooseTabStop(
  candidates: ReadonlyArray<string | null | undefined>,
  focusable: ReadonlySet<string>,
): string | null {
  return candidates.find((key): key is string => !!key && focusable.has(key)) ?? null;
}
