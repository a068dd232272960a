import { type CalendarDay, dayKey, daysBetween, parseDayKey } from './calendar-day.ts';

// Calendar days in a named time zone (IANA, e.g. 'Pacific/Kiritimati'), for code that knows the
// person's zone but does not run in it: the server naming a Markdown export's files or reading
// a dated file of an import. In the browser, todayOf() already is the person's day.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format) return format;
  try {
    // en-CA prints 'YYYY-MM-DD'; h23 never says 24:00 for midnight.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return null;
  }
  formats.set(timeZone, format);
  return format;
}

/** Whether this runtime knows the zone. */
export function isTimeZone(timeZone: string): boolean {
  return timeZone.length <= 64 && formatFor(timeZone) !== null;
}

function partsIn(instant: Date, timeZone: string): { day: CalendarDay; minutes: number } | null {
  const format = formatFor(timeZone);
  if (!format || Number.isNaN(instant.getTime())) return null;
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const day = parseDayKey(`${parts.year}-${parts.month}-${parts.day}`);
  if (!day) return null;
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The calendar day `instant` falls on in `timeZone`; null for an unknown zone or a bad date. */
export function dayInZone(instant: Date, timeZone: string): CalendarDay | null {
  return partsIn(instant, timeZone)?.day ?? null;
}

/**
 * Noon of `day` in `timeZone`, as an instant: a date-only value ('2026-03-04' from a file name)
 * stands for that day where the person lives, and noon stays on it in every zone within twelve
 * hours of theirs (midnight would show as the day before anywhere west of them).
 */
export function noonInZone(day: CalendarDay, timeZone: string): Date | null {
  // Start from noon UTC of the day and correct by the zone's offset there; a second pass
  // settles the rare day whose offset changes between the two instants.
  let guess = new Date(`${dayKey(day)}T12:00:00.000Z`);
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = partsIn(guess, timeZone);
    if (!seen) return null;
    const off = daysBetween(day, seen.day) * 1440 + seen.minutes - 720;
    if (off === 0) return guess;
    guess = new Date(guess.getTime() - off * 60_000);
  }
  const landed = dayInZone(guess, timeZone);
  return landed && dayKey(landed) === dayKey(day) ? guess : null;
}
