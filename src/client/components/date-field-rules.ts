import { dayKey, isValidDay, parseDayKey } from '#shared/domain/calendar-day.ts';

// A date field in the person's own order (issue 35): Chromium draws <input type="date"> in the
// browser's interface language, whatever the page or the person's languages say, so a German
// reader of an English Chrome got mm/dd/yyyy. The field is text in the order and separator of
// their first language; the value stays an ISO day.

export type DatePart = 'day' | 'month' | 'year';
export type DateOrder = { order: DatePart[]; separator: string; pattern: string };

const PATTERN: Record<DatePart, string> = { day: 'dd', month: 'mm', year: 'yyyy' };
const ISO: DateOrder = { order: ['year', 'month', 'day'], separator: '-', pattern: 'yyyy-mm-dd' };

/** The order of day, month and year in `locale` ('dd.mm.yyyy' in German), or ISO's. */
export function dateOrderOf(locale: string): DateOrder {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(new Date(Date.UTC(2026, 10, 27)));
  } catch {
    return ISO;
  }
  const order = parts
    .map((p) => p.type)
    .filter((t): t is DatePart => t === 'day' || t === 'month' || t === 'year');
  if (new Set(order).size !== 3) return ISO;
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  return { order, separator, pattern: order.map((t) => PATTERN[t]).join(separator) };
}

/** An ISO day as the person writes it ('27.11.2026'); '' for anything else. */
export function showDate(iso: string, { order, separator }: DateOrder): string {
  const day = parseDayKey(iso);
  if (!day) return '';
  const text = { day: String(day.day).padStart(2, '0'), month: String(day.month).padStart(2, '0') };
  return order.map((t) => (t === 'year' ? String(day.year) : text[t])).join(separator);
}

/**
 * What the person typed as an ISO day: '' for nothing, null for what is not (yet) a day. Any
 * non-digits separate the numbers; the year has four digits; an ISO day is taken as it is.
 */
export function readDate(text: string, { order }: DateOrder): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return parseDayKey(trimmed) ? trimmed : null;
  const numbers = trimmed.split(/\D+/).filter((n) => n !== '');
  if (numbers.length !== 3) return null;
  const value = (part: DatePart) => numbers[order.indexOf(part)] ?? '';
  if (value('year').length !== 4 || value('day').length > 2 || value('month').length > 2) {
    return null;
  }
  const day = {
    year: Number(value('year')),
    month: Number(value('month')),
    day: Number(value('day')),
  };
  return isValidDay(day) ? dayKey(day) : null;
}
