import { describe, expect, it } from 'vitest';
import { type CalendarDay, utcDayOf } from './calendar-day.ts';
import { activityByDay, answerStatistics, isoWeek, localDayOf } from './statistics.ts';

const day = (year: number, month: number, day: number): CalendarDay => ({ year, month, day });
const utc = (iso: string) => utcDayOf(new Date(iso));

describe('isoWeek', () => {
  it.each([
    [day(2020, 12, 31), 2020, 53],
    [day(2021, 1, 1), 2020, 53],
    [day(2021, 1, 3), 2020, 53], // Sunday still in the previous week-year
    [day(2021, 1, 4), 2021, 1], // Monday
    [day(2024, 12, 29), 2024, 52],
    [day(2024, 12, 30), 2025, 1], // Monday of 2025-W01
    [day(2026, 1, 1), 2026, 1],
    [day(2015, 12, 31), 2015, 53],
    [day(2016, 1, 1), 2015, 53],
    [day(2008, 12, 29), 2009, 1],
    [day(2010, 1, 3), 2009, 53],
    [day(2020, 3, 5), 2020, 10],
  ])('%o is %i-W%i', (d, year, week) => {
    expect(isoWeek(d)).toEqual({ year, week });
  });
});

describe('answerStatistics', () => {
  const answered = [
    '2020-12-28T09:00:00Z', // Mon, 2020-W53
    '2020-12-31T23:30:00Z', // Thu, 2020-W53
    '2021-01-02T10:00:00Z', // Sat, 2020-W53 but calendar 2021
    '2021-01-04T08:00:00Z', // Mon, 2021-W01
    '2020-06-01T12:00:00Z',
    '2019-01-01T12:00:00Z',
  ];

  it('counts the ISO week across a year boundary', () => {
    expect(answerStatistics(answered, day(2021, 1, 3), utc)).toEqual({
      allTime: 6,
      thisYear: 2, // 01-02 and 01-04: the calendar year, not the week-year
      thisMonth: 2,
      thisWeek: 3, // 12-28, 12-31 and 01-02 are all 2020-W53
    });
  });

  it('starts a new week on Monday', () => {
    expect(answerStatistics(answered, day(2021, 1, 4), utc).thisWeek).toBe(1);
  });

  it('counts year and month of now', () => {
    expect(answerStatistics(answered, day(2020, 12, 31), utc)).toEqual({
      allTime: 6,
      thisYear: 3,
      thisMonth: 2,
      thisWeek: 3,
    });
  });

  it('places timestamps with the given dayOf', () => {
    const late = ['2020-12-31T23:30:00Z'];
    const plusOneHour = (iso: string) => utcDayOf(new Date(Date.parse(iso) + 3_600_000));
    expect(answerStatistics(late, day(2021, 1, 1), utc).thisYear).toBe(0);
    expect(answerStatistics(late, day(2021, 1, 1), plusOneHour).thisYear).toBe(1);
  });

  it('counts unreadable timestamps all-time only', () => {
    expect(answerStatistics(['not a date'], day(2021, 1, 1))).toEqual({
      allTime: 1,
      thisYear: 0,
      thisMonth: 0,
      thisWeek: 0,
    });
  });

  it('is all zeros for no answers', () => {
    expect(answerStatistics([], day(2021, 1, 1))).toEqual({
      allTime: 0,
      thisYear: 0,
      thisMonth: 0,
      thisWeek: 0,
    });
  });
});

describe('localDayOf', () => {
  it('reads the local calendar', () => {
    const local = new Date(2020, 2, 5, 23, 59);
    expect(localDayOf(local.toISOString())).toEqual(day(2020, 3, 5));
  });
});

describe('activityByDay', () => {
  it('counts answers per day key and skips unreadable ones', () => {
    const counts = activityByDay(
      ['2021-01-01T00:10:00Z', '2021-01-01T22:00:00Z', '2021-01-02T00:00:00Z', 'nope'],
      utc,
    );
    expect([...counts]).toEqual([
      ['2021-01-01', 2],
      ['2021-01-02', 1],
    ]);
  });
});
