import {
  addDays,
  type CalendarDay,
  dayKey,
  daysInMonth,
  isoWeekday,
} from '#shared/domain/calendar-day.ts';

// The calendar heat-map of the streak screen: the last twelve months as month calendars
// (Monday first), each day shaded by how many answers it has.

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type HeatLevel = 0 | 1 | 2 | 3 | 4;

export type HeatDay = {
  key: string;
  day: number;
  count: number;
  level: HeatLevel;
  /** After today: drawn empty, not as a missed day. */
  future: boolean;
};

export type HeatMonth = {
  year: number;
  month: number;
  /** 'March 2025' */
  label: string;
  /** Empty cells before day 1 in a Monday-first week. */
  offset: number;
  days: HeatDay[];
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
    const index = today.year * 12 + (today.month - 1) - back;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const first: CalendarDay = { year, month, day: 1 };
    const days: HeatDay[] = [];
    let answeredDays = 0;
    for (let day = 1; day <= daysInMonth(year, month); day++) {
      const key = dayKey(addDays(first, day - 1));
      const future = key > todayKey;
      const count = future ? 0 : (activity.get(key) ?? 0);
      if (count > 0) answeredDays++;
      days.push({ key, day, count, level: heatLevel(count), future });
    }
    result.push({
      year,
      month,
      label: `${MONTH_NAMES[month - 1]} ${year}`,
      offset: isoWeekday(first) - 1,
      days,
      answeredDays,
    });
  }
  return result;
}
