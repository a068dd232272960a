/**
 * A calendar day with no time and no time zone: the unit streaks, "today's prompt" and
 * statistics are counted in. `month` is 1-12 (January = 1), matching the `year, month, day`
 * the API sends — not the 0-11 of `Date#getMonth`.
 *
 * Valid years are 1-9999 so that every day has a four-digit 'YYYY-MM-DD' key that sorts as text.
 */
export type CalendarDay = { year: number; month: number; day: number };

const MS_PER_DAY = 86_400_000;

/** Milliseconds of UTC midnight of the day; UTC has no DST, so day arithmetic stays exact. */
function utcMidnight(d: CalendarDay): number {
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  return new Date(0).setUTCFullYear(d.year, d.month - 1, d.day);
}

function fromUtcMidnight(ms: number): CalendarDay {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(utcMidnight({ year, month: month + 1, day: 0 })).getUTCDate();
}

export function isValidDay(d: CalendarDay): boolean {
  const { year, month, day } = d;
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** 'YYYY-MM-DD'. */
export function dayKey(d: CalendarDay): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of a strict 'YYYY-MM-DD' key, or null when it is malformed or not a real day. */
export function parseDayKey(s: string): CalendarDay | null {
  const match = DAY_KEY.exec(s);
  if (!match) return null;
  const d = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDay(d) ? d : null;
}

export function addDays(d: CalendarDay, n: number): CalendarDay {
  return fromUtcMidnight(utcMidnight(d) + n * MS_PER_DAY);
}

/** b - a in whole days (positive when b is later). */
export function daysBetween(a: CalendarDay, b: CalendarDay): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / MS_PER_DAY);
}

export function isSameDay(a: CalendarDay, b: CalendarDay): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** 1 = Monday … 7 = Sunday (ISO-8601). */
export function isoWeekday(d: CalendarDay): number {
  const sundayZero = new Date(utcMidnight(d)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The day `date` falls on in the runtime's local time zone — what the user sees (client). */
export function todayOf(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The day `date` falls on in UTC — for the server, which has no user time zone. */
export function utcDayOf(date: Date): CalendarDay {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
