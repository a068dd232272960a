import { isValidDay } from '#shared/domain/calendar-day.ts';

// Client clocks are trusted only within reason: an answer saved offline keeps the time it was
// written, but never a time after the server's own clock. A date in the future would pin it to
// the top of every list and make every later edit look older, so it could win every later
// edit (issue 13: main let a client run up to a day ahead).
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** A valid ISO-8601 date, or date-time with a zone, in `toISOString()` form; else null. */
export function parseIsoTimestamp(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return null;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  // Date.parse would roll impossible values over (Feb 30 → Mar 1): check the fields first.
  if (!isValidDay({ year, month, day }) || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The client's time when it is valid, clamped to the server's `now`; now when invalid. */
export function clientTimeOrNow(value: string | null | undefined, now: Date): string {
  const parsed = parseIsoTimestamp(value);
  if (parsed === null || Date.parse(parsed) > now.getTime()) return now.toISOString();
  return parsed;
}

/** Whether `incoming` is strictly later than `stored` (an unparseable stored time loses). */
export function isNewer(incoming: string, stored: string): boolean {
  const storedMs = Date.parse(stored);
  return Number.isNaN(storedMs) || Date.parse(incoming) > storedMs;
}
