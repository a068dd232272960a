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

/** The start of the UTC hour after the one `iso` falls in (`…T15:00:00.000Z` for 14:37). */
export function nextHour(iso: string): string {
  const start = Date.parse(startOfHour(iso));
  if (Number.isNaN(start)) return iso;
  return new Date(start + HOUR_MS).toISOString();
}

/** The start of the current UTC hour, as ISO-8601: what anonymous shares are released against. */
export function currentHour(now: Date = new Date()): string {
  return startOfHour(now.toISOString());
}

/**
 * When a share joins the world, as others see it (decision 057): a named share at once (its
 * `sharedOn`), an anonymous one on the hour after it was shared, so its minute is nobody's to
 * see. Null for an answer that is not shared.
 */
export function joinsWorldAt(share: {
  anonymous: boolean;
  sharedOn: string | null;
}): string | null {
  if (share.sharedOn === null) return null;
  return share.anonymous ? nextHour(share.sharedOn) : share.sharedOn;
}

/**
 * Whether others see a shared answer at `now`: named, or anonymous with `sharedOn` (stored at the
 * start of its hour) before the current hour. The database queries apply the same rule
 * (db/world-visibility.ts); this is it for a row already read.
 */
export function seenByOthers(
  share: { shared: boolean; anonymous: boolean; sharedOn: string | null },
  now: Date = new Date(),
): boolean {
  if (!share.shared) return false;
  if (!share.anonymous) return true;
  return share.sharedOn !== null && share.sharedOn < currentHour(now);
}
