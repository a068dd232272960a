import { type CalendarDay, isValidDay, parseDayKey, todayOf } from './calendar-day.ts';

// Spelled out rather than Intl so every browser, server and locale prints the same text.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** 'Mar 5, 2020' (SPEC §9); '' for an impossible day. */
export function formatDay(d: CalendarDay): string {
  if (!isValidDay(d)) return '';
  return `${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
}

/** 'March 5, 2020': the day as a heading or a calendar cell's name reads it; '' if impossible. */
export function formatLongDay(d: CalendarDay): string {
  if (!isValidDay(d)) return '';
  return `${MONTH_NAMES[d.month - 1]} ${d.day}, ${d.year}`;
}

/** 'March 2020' (month 1-12); '' for a month that does not exist. */
export function formatMonth(year: number, month: number): string {
  if (!isValidDay({ year, month, day: 1 })) return '';
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** 'Monday' … 'Sunday' for ISO weekdays 1-7: a calendar's column names. */
export function weekdayName(isoWeekday: number): string {
  return WEEKDAY_NAMES[isoWeekday - 1] ?? '';
}

/**
 * 'Mar 5, 2020' for a timestamp, on the local calendar; '' when it cannot be read.
 * A bare 'YYYY-MM-DD' is taken as a calendar day: `new Date` would read it as UTC midnight and
 * show the day before west of Greenwich.
 */
export function formatDate(iso: string | Date): string {
  if (typeof iso === 'string') {
    const day = parseDayKey(iso);
    if (day) return formatDay(day);
  }
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  return formatDay(todayOf(date));
}

/** 'Mar 5, 2020' (or 'March 5, 2020' when long) for a day key; '' when it is not one. */
export function formatDayKey(key: string, style: 'short' | 'long' = 'short'): string {
  const day = parseDayKey(key);
  if (!day) return '';
  return style === 'long' ? formatLongDay(day) : formatDay(day);
}

/** Title of a Journal entry (/answer/journal): today's date, e.g. 'Nov 22, 2026'. */
export function journalTitle(today: CalendarDay): string {
  return formatDay(today);
}
