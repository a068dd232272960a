// Times as precise as an anonymous answer may show them (issue 34 point 3): to the hour, UTC.

const HOUR_MS = 3_600_000;

/**
 * The start of the UTC hour `iso` falls in, as ISO-8601 (`…T14:00:00.000Z`). Unreadable input
 * comes back as it was, so a check downstream (isOnTheHour) refuses it rather than a guess.
 */
export function startOfHour(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS).toISOString();
}

/** True for null or an ISO time exactly on the hour. */
export function isOnTheHour(iso: string | null): boolean {
  return iso === null || /T\d\d:00:00(\.0+)?Z$/.test(iso);
}

/** The UTC calendar day of `now`, 'YYYY-MM-DD'. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
