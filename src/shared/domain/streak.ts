import { addDays, type CalendarDay, dayKey } from './calendar-day.ts';

/** The streak part of a user. `last` is the day key ('YYYY-MM-DD') of the last streak day. */
export type StreakFields = { streak: number; longestStreak: number; last: string | null };

/**
 * SPEC §4 "With no last date, it is set to yesterday and streak 0" — the same state a new user
 * starts in. Only a null `last` is touched; anything else is returned unchanged.
 */
export function normaliseStreak(fields: StreakFields, today: CalendarDay): StreakFields {
  if (fields.last !== null) return fields;
  return { ...fields, streak: 0, last: dayKey(addDays(today, -1)) };
}

/**
 * True when `last` is the caller's `today`, or the day after it: someone who travelled west
 * across the date line (or into an earlier time zone) after answering has already counted
 * "tomorrow" by their new calendar, and that day is done, not a break (issue 17 C).
 */
export function countedToday(last: string | null, today: CalendarDay): boolean {
  return last === dayKey(today) || last === dayKey(addDays(today, 1));
}

/**
 * SPEC §4 streak rule, applied when the user answers on `today`:
 * last = today (or tomorrow, after travelling west: see countedToday) → unchanged;
 * last = yesterday → streak + 1; anything else (older, further in the future or unreadable) →
 * streak 1. A null `last` is first normalised to "yesterday, streak 0", so a
 * first answer gives streak 1 and a second answer the same day changes nothing.
 */
export function applyStreak(fields: StreakFields, today: CalendarDay): StreakFields {
  const current = normaliseStreak(fields, today);
  const todayKey = dayKey(today);
  if (countedToday(current.last, today)) return current;
  const streak = current.last === dayKey(addDays(today, -1)) ? current.streak + 1 : 1;
  return { streak, longestStreak: Math.max(current.longestStreak, streak), last: todayKey };
}

/**
 * How long after an entry was opened its writing still counts for the day it was opened on: the
 * nightly writer who opens the journal at 23:50 and finishes at 00:30 wrote that night, and
 * keeps their streak (decision 058).
 */
export const STREAK_NIGHT_HOURS = 6;

/**
 * The moment a save counts for in the streak: when its editing began (`opened`), if that was at
 * most STREAK_NIGHT_HOURS ago, else `now`. Never the day an entry is dated: a back-dated entry
 * (yesterday's, written this morning) counts for the day it is written, so back-dating cannot
 * fill a missed day or build a streak (decision 058).
 */
export function streakMoment(opened: Date, now: Date): Date {
  const elapsed = now.getTime() - opened.getTime();
  return elapsed >= 0 && elapsed <= STREAK_NIGHT_HOURS * 60 * 60 * 1000 ? opened : now;
}

/** SPEC §9 "reset or offline reset sets streak to 1" (/api/user/reset). */
export function resetStreak(fields: StreakFields, today: CalendarDay): StreakFields {
  return { streak: 1, longestStreak: Math.max(fields.longestStreak, 1), last: dayKey(today) };
}

/** SPEC §9 new users: streak 0, longest 0, last = yesterday (so a first answer starts at 1). */
export function newUserStreak(today: CalendarDay): StreakFields {
  return { streak: 0, longestStreak: 0, last: dayKey(addDays(today, -1)) };
}
