import { type CalendarDay, isValidDay, parseDayKey, todayOf } from './calendar-day.ts';

// Spelled out rather than Intl so every browser, server and locale prints the same text.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 5, 2020' (SPEC §9); '' for an impossible day. */
export function formatDay(d: CalendarDay): string {
  if (!isValidDay(d)) return '';
  return `${MONTHS[d.month - 1]} ${d.day}, ${d.year}`;
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

/** 'Mar 5, 2020' for a day key; '' when it is not one. */
export function formatDayKey(key: string): string {
  const day = parseDayKey(key);
  return day ? formatDay(day) : '';
}

/** Title of a Journal entry (/answer/journal): today's date, e.g. 'Nov 22, 2026'. */
export function journalTitle(today: CalendarDay): string {
  return formatDay(today);
}
