import { type CalendarDay, isValidDay, parseDayKey, todayOf } from './calendar-day.ts';

// Dates are shown in the person's language (issue 35): the client names its languages once
// (setDateLocales, from navigator.languages) and every shown date follows them. Until then, and
// on the server, 'en-US', whose medium date is SPEC §9's 'Mar 5, 2020'. A journal's title is
// stored with the answer and looked up by it, so it keeps that one format (journalTitle).
const SPEC_LOCALE = 'en-US';
let locales: readonly string[] = [SPEC_LOCALE];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The languages shown dates follow, best first; unknown or empty ones fall back to 'en-US'. */
export function setDateLocales(languages: readonly string[]): void {
  const known = languages.filter((l) => {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([l]).length > 0;
    } catch {
      return false;
    }
  });
  locales = known.length > 0 ? known : [SPEC_LOCALE];
  formats.clear();
}

/** The first of the languages set: what a date field's pattern follows. */
export function dateLocale(): string {
  return locales[0] ?? SPEC_LOCALE;
}

function format(
  options: Intl.DateTimeFormatOptions,
  list: readonly string[] = locales,
): Intl.DateTimeFormat {
  const key = `${list.join(',')}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    // The day is built at UTC midnight and read in UTC: no zone moves it to another day.
    found = new Intl.DateTimeFormat([...list], { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

function utcDate(year: number, month: number, day: number): Date {
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  return new Date(new Date(0).setUTCFullYear(year, month - 1, day));
}

const SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const LONG: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

/** 'Mar 5, 2020' (SPEC §9), '5. März 2020' in German; '' for an impossible day. */
export function formatDay(d: CalendarDay): string {
  if (!isValidDay(d)) return '';
  return format(SHORT).format(utcDate(d.year, d.month, d.day));
}

/** 'March 5, 2020': the day as a heading or a calendar cell's name reads it; '' if impossible. */
export function formatLongDay(d: CalendarDay): string {
  if (!isValidDay(d)) return '';
  return format(LONG).format(utcDate(d.year, d.month, d.day));
}

/** 'March 2020' (month 1-12); '' for a month that does not exist. */
export function formatMonth(year: number, month: number): string {
  if (!isValidDay({ year, month, day: 1 })) return '';
  return format({ year: 'numeric', month: 'long' }).format(utcDate(year, month, 1));
}

/** 'Monday' … 'Sunday' for ISO weekdays 1-7: a calendar's column names. */
export function weekdayName(isoWeekday: number): string {
  if (!Number.isInteger(isoWeekday) || isoWeekday < 1 || isoWeekday > 7) return '';
  // 2024-01-01 was a Monday.
  return format({ weekday: 'long' }).format(utcDate(2024, 1, isoWeekday));
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

/**
 * Title of a Journal entry (/answer/journal): today's date, e.g. 'Nov 22, 2026', in SPEC §9's
 * format whatever the person's language: it is stored with the answer, and today's journal is
 * found again by it.
 */
export function journalTitle(today: CalendarDay): string {
  if (!isValidDay(today)) return '';
  return format(SHORT, [SPEC_LOCALE]).format(utcDate(today.year, today.month, today.day));
}
