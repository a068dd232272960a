import { addDays, type CalendarDay, dayKey, parseDayKey } from './calendar-day.ts';
import type { StreakFields } from './streak.ts';

/**
 * The streak a history of answer days earns by the SPEC §4 rule (each day right after the
 * last adds one, any gap starts again at 1), as if every answer had been saved on its day —
 * used when answers arrive all at once, as in an import. Days are 'YYYY-MM-DD' keys, in any
 * order, repeats allowed; days after `today` don't count. The current streak is the run that
 * ends on the last day, if that day is today or yesterday; otherwise 0 (it has ended).
 */
export function streakFromDays(days: Iterable<string>, today: CalendarDay): StreakFields {
  const todayKey = dayKey(today);
  const sorted = [...new Set(days)].filter((d) => parseDayKey(d) && d <= todayKey).sort();
  let run = 0;
  let longest = 0;
  let previous: string | null = null;
  for (const key of sorted) {
    const day = parseDayKey(key) as CalendarDay;
    run = previous !== null && dayKey(addDays(day, -1)) === previous ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = key;
  }
  const live = previous !== null && previous >= dayKey(addDays(today, -1));
  return { streak: live ? run : 0, longestStreak: longest, last: previous };
}

/**
 * A user's streak after an import: the history's streak where it reaches today or yesterday,
 * never less than what the user already had (a streak kept by /api/user/reset has no answers
 * behind it), the longest of both, and the later last day.
 */
export function mergeStreak(current: StreakFields, history: StreakFields, today: CalendarDay) {
  const yesterday = dayKey(addDays(today, -1));
  const currentLive = current.last !== null && current.last >= yesterday;
  const streak = Math.max(history.streak, currentLive ? current.streak : 0);
  const last =
    current.last === null || (history.last !== null && history.last > current.last)
      ? history.last
      : current.last;
  const keep = streak > 0 || history.last === null ? streak : current.streak;
  return {
    streak: keep,
    longestStreak: Math.max(current.longestStreak, history.longestStreak, keep),
    last,
  } satisfies StreakFields;
}
