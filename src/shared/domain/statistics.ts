import {
  addDays,
  type CalendarDay,
  dayKey,
  daysBetween,
  isoWeekday,
  isValidDay,
  todayOf,
} from './calendar-day.ts';

export type AnswerStatistics = {
  allTime: number;
  thisYear: number;
  thisMonth: number;
  thisWeek: number;
};

/** Maps an ISO timestamp to the calendar day it counts on. */
export type DayOf = (iso: string) => CalendarDay;

/** The runtime's local calendar: what the user sees in the browser. */
export const localDayOf: DayOf = (iso) => todayOf(new Date(iso));

/**
 * ISO-8601 week: weeks start on Monday and week 1 holds the year's first Thursday, so the
 * week-year can differ from the calendar year around New Year (2024-12-30 is 2025-W01).
 */
export function isoWeek(d: CalendarDay): { year: number; week: number } {
  // The Thursday of d's week decides which year the week belongs to.
  const thursday = addDays(d, 4 - isoWeekday(d));
  const ordinal = daysBetween({ year: thursday.year, month: 1, day: 1 }, thursday);
  return { year: thursday.year, week: Math.floor(ordinal / 7) + 1 };
}

/**
 * SPEC §9 statistics: answers counted by answered date for all time, the calendar year and
 * month of `now`, and the ISO week of `now`. A timestamp `dayOf` cannot place on a real day
 * still counts all-time but in no period.
 */
export function answerStatistics(
  answeredDates: readonly string[],
  now: CalendarDay,
  dayOf: DayOf = localDayOf,
): AnswerStatistics {
  const week = isoWeek(now);
  const stats: AnswerStatistics = { allTime: 0, thisYear: 0, thisMonth: 0, thisWeek: 0 };
  for (const iso of answeredDates) {
    stats.allTime++;
    const d = dayOf(iso);
    if (!isValidDay(d)) continue;
    if (d.year === now.year) {
      stats.thisYear++;
      if (d.month === now.month) stats.thisMonth++;
    }
    const w = isoWeek(d);
    if (w.year === week.year && w.week === week.week) stats.thisWeek++;
  }
  return stats;
}

/** Answers per day key, for the calendar heat-map. Unplaceable timestamps are skipped. */
export function activityByDay(
  answeredDates: readonly string[],
  dayOf: DayOf = localDayOf,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const iso of answeredDates) {
    const d = dayOf(iso);
    if (!isValidDay(d)) continue;
    const key = dayKey(d);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
