import type { GridDay } from '#client/components/day-grid.tsx';
import { type CalendarDay, dayKey } from '#shared/domain/calendar-day.ts';
import { formatMonth } from '#shared/domain/date-format.ts';
import { addMonths, monthOf, monthWeeks } from '#shared/domain/month-grid.ts';

// The calendar heat-map of the streak screen: the last twelve months as month calendars
// (Monday first), each day shaded by how many answers it has.

export type HeatLevel = 0 | 1 | 2 | 3 | 4;

export type HeatDay = GridDay & { level: HeatLevel };

export type HeatMonth = {
  year: number;
  month: number;
  /** 'March 2025' */
  label: string;
  /** Monday-first weeks; null for the days of the months around it. */
  weeks: Array<Array<HeatDay | null>>;
  /** Days of this month with at least one answer. */
  answeredDays: number;
};

/** 0 answers → 0, 1 → 1, 2 → 2, 3-4 → 3, 5 or more → 4. */
export function heatLevel(count: number): HeatLevel {
  if (count <= 0) return 0;
  if (count === 1) return 1;
  if (count === 2) return 2;
  if (count <= 4) return 3;
  return 4;
}

/** The `months` months ending with today's, oldest first. */
export function heatMapMonths(
  activity: ReadonlyMap<string, number>,
  today: CalendarDay,
  months = 12,
): HeatMonth[] {
  const todayKey = dayKey(today);
  const result: HeatMonth[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const { year, month } = addMonths(monthOf(today), -back);
    let answeredDays = 0;
    const weeks = monthWeeks({ year, month }, (d): HeatDay => {
      const key = dayKey(d);
      const future = key > todayKey;
      const count = future ? 0 : (activity.get(key) ?? 0);
      if (count > 0) answeredDays++;
      const level = heatLevel(count);
      return {
        key,
        day: d.day,
        count,
        level,
        future,
        today: key === todayKey,
        markClass: `heat-level-${level}`,
      };
    });
    result.push({ year, month, label: formatMonth(year, month), weeks, answeredDays });
  }
  return result;
}

/** The latest day with writing in the heat-map, where Tab first lands; null for none. */
export function latestWrittenDay(months: readonly HeatMonth[]): string | null {
  let latest: string | null = null;
  for (const m of months) {
    for (const d of m.weeks.flat()) if (d && d.count > 0) latest = d.key;
  }
  return latest;
}
