import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type CalendarDay,
  dayKey,
  daysBetween,
  daysInMonth,
  isoWeekday,
  isSameDay,
  isValidDay,
  parseDayKey,
  todayOf,
  utcDayOf,
} from './calendar-day.ts';

const day = (year: number, month: number, day: number): CalendarDay => ({ year, month, day });

/** Any real day in years 1-9999. */
const calendarDay = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map(utcDayOf);

describe('dayKey / parseDayKey', () => {
  it('pads to YYYY-MM-DD', () => {
    expect(dayKey(day(2020, 3, 5))).toBe('2020-03-05');
    expect(dayKey(day(33, 1, 1))).toBe('0033-01-01');
  });

  it('parses real days and rejects malformed or impossible ones', () => {
    expect(parseDayKey('2024-02-29')).toEqual(day(2024, 2, 29));
    expect(parseDayKey('2023-02-29')).toBeNull();
    expect(parseDayKey('2020-02-30')).toBeNull();
    expect(parseDayKey('2020-13-01')).toBeNull();
    expect(parseDayKey('2020-00-10')).toBeNull();
    expect(parseDayKey('2020-3-5')).toBeNull();
    expect(parseDayKey('2020-03-05T00:00:00Z')).toBeNull();
    expect(parseDayKey('')).toBeNull();
  });

  it('round-trips every valid day', () => {
    fc.assert(
      fc.property(calendarDay, (d) => {
        expect(parseDayKey(dayKey(d))).toEqual(d);
      }),
    );
  });
});

describe('isValidDay', () => {
  it('knows month lengths and leap years', () => {
    expect(isValidDay(day(2020, 2, 29))).toBe(true);
    expect(isValidDay(day(1900, 2, 29))).toBe(false); // divisible by 100
    expect(isValidDay(day(2000, 2, 29))).toBe(true); // divisible by 400
    expect(isValidDay(day(2021, 4, 31))).toBe(false);
    expect(isValidDay(day(2021, 12, 31))).toBe(true);
    expect(daysInMonth(2021, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it('rejects non-integers and out-of-range parts', () => {
    expect(isValidDay(day(2020, 1.5, 1))).toBe(false);
    expect(isValidDay(day(2020, 1, 0))).toBe(false);
    expect(isValidDay(day(0, 1, 1))).toBe(false);
    expect(isValidDay(day(10000, 1, 1))).toBe(false);
    expect(isValidDay(day(Number.NaN, 1, 1))).toBe(false);
  });
});

describe('addDays / daysBetween', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays(day(2021, 1, 1), -1)).toEqual(day(2020, 12, 31));
    expect(addDays(day(2020, 3, 1), -1)).toEqual(day(2020, 2, 29));
    expect(addDays(day(2021, 3, 1), -1)).toEqual(day(2021, 2, 28));
    expect(addDays(day(2020, 2, 28), 1)).toEqual(day(2020, 2, 29));
    expect(addDays(day(2020, 12, 31), 1)).toEqual(day(2021, 1, 1));
    expect(daysBetween(day(2020, 1, 1), day(2021, 1, 1))).toBe(366);
    expect(daysBetween(day(2021, 1, 1), day(2020, 12, 31))).toBe(-1);
  });

  it('works for years below 100 (no 19xx mapping)', () => {
    expect(addDays(day(99, 12, 31), 1)).toEqual(day(100, 1, 1));
  });

  it('daysBetween(d, addDays(d, n)) is n', () => {
    fc.assert(
      fc.property(calendarDay, fc.integer({ min: -20_000, max: 20_000 }), (d, n) => {
        fc.pre(isValidDay(addDays(d, n)));
        expect(daysBetween(d, addDays(d, n))).toBe(n);
      }),
    );
  });
});

describe('isSameDay / isoWeekday', () => {
  it('compares all three parts', () => {
    expect(isSameDay(day(2020, 1, 2), day(2020, 1, 2))).toBe(true);
    expect(isSameDay(day(2020, 1, 2), day(2021, 1, 2))).toBe(false);
  });

  it('numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday(day(2024, 12, 30))).toBe(1);
    expect(isoWeekday(day(2021, 1, 3))).toBe(7);
  });
});

describe('todayOf / utcDayOf', () => {
  it('todayOf reads the local calendar', () => {
    // Built with the local-time constructor, so this holds in every time zone.
    expect(todayOf(new Date(2020, 0, 31, 23, 59))).toEqual(day(2020, 1, 31));
    expect(todayOf(new Date(2020, 11, 31, 0, 0))).toEqual(day(2020, 12, 31));
  });

  it('utcDayOf reads the UTC calendar', () => {
    expect(utcDayOf(new Date('2020-12-31T23:59:59Z'))).toEqual(day(2020, 12, 31));
    expect(utcDayOf(new Date('2021-01-01T00:00:00Z'))).toEqual(day(2021, 1, 1));
  });
});
