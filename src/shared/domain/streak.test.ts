import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDay, dayKey, utcDayOf } from './calendar-day.ts';
import {
  applyStreak,
  newUserStreak,
  normaliseStreak,
  resetStreak,
  type StreakFields,
  streakMoment,
} from './streak.ts';

const day = (year: number, month: number, day: number): CalendarDay => ({ year, month, day });
const fields = (streak: number, longestStreak: number, last: string | null): StreakFields => ({
  streak,
  longestStreak,
  last,
});

describe('applyStreak', () => {
  it('leaves a streak already counted today alone', () => {
    expect(applyStreak(fields(4, 9, '2020-03-05'), day(2020, 3, 5))).toEqual(
      fields(4, 9, '2020-03-05'),
    );
  });

  it('extends from yesterday and raises the longest streak when passed', () => {
    expect(applyStreak(fields(4, 9, '2020-03-04'), day(2020, 3, 5))).toEqual(
      fields(5, 9, '2020-03-05'),
    );
    expect(applyStreak(fields(9, 9, '2020-03-04'), day(2020, 3, 5))).toEqual(
      fields(10, 10, '2020-03-05'),
    );
  });

  it('sees yesterday across month, year and leap-day boundaries', () => {
    expect(applyStreak(fields(2, 2, '2020-12-31'), day(2021, 1, 1)).streak).toBe(3);
    expect(applyStreak(fields(2, 2, '2020-02-29'), day(2020, 3, 1)).streak).toBe(3);
    expect(applyStreak(fields(2, 2, '2021-02-28'), day(2021, 3, 1)).streak).toBe(3);
    expect(applyStreak(fields(2, 2, '2020-04-30'), day(2020, 5, 1)).streak).toBe(3);
    // 2020-02-28 is two days before 2020-03-01 in a leap year: the streak breaks.
    expect(applyStreak(fields(2, 2, '2020-02-28'), day(2020, 3, 1)).streak).toBe(1);
  });

  it('restarts at 1 after a gap, keeping the longest streak', () => {
    expect(applyStreak(fields(7, 12, '2020-03-01'), day(2020, 3, 5))).toEqual(
      fields(1, 12, '2020-03-05'),
    );
  });

  it('keeps the streak of someone who crossed the date line westwards (last = tomorrow)', () => {
    // Answered on Mar 6 in Auckland, flew to Honolulu where it is Mar 5 again: not a break.
    expect(applyStreak(fields(7, 9, '2020-03-06'), day(2020, 3, 5))).toEqual(
      fields(7, 9, '2020-03-06'),
    );
    // Across a year boundary too; and the next day (Mar 6 there) still changes nothing…
    expect(applyStreak(fields(3, 3, '2021-01-01'), day(2020, 12, 31)).streak).toBe(3);
    expect(applyStreak(fields(7, 9, '2020-03-06'), day(2020, 3, 6)).streak).toBe(7);
    // …and the day after that extends it.
    expect(applyStreak(fields(7, 9, '2020-03-06'), day(2020, 3, 7)).streak).toBe(8);
  });

  it('restarts at 1 when the last day is further in the future or unreadable', () => {
    expect(applyStreak(fields(7, 7, '2020-03-07'), day(2020, 3, 5))).toEqual(
      fields(1, 7, '2020-03-05'),
    );
    expect(applyStreak(fields(7, 7, 'garbage'), day(2020, 3, 5))).toEqual(
      fields(1, 7, '2020-03-05'),
    );
  });

  it('treats no last day as yesterday with streak 0, so a first answer counts 1', () => {
    expect(applyStreak(fields(3, 0, null), day(2021, 1, 1))).toEqual(fields(1, 1, '2021-01-01'));
  });

  it('is idempotent within a day', () => {
    const anyDay = fc
      .date({
        min: new Date('1970-01-02T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(utcDayOf);
    // `last` near today, so yesterday/today/future all come up often.
    const lastOffset = fc.option(fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(anyDay, lastOffset, fc.nat(1000), fc.nat(1000), (today, offset, s, l) => {
        const last = offset === null ? null : dayKey(addDays(today, offset));
        const once = applyStreak(fields(s, l, last), today);
        // After travelling west `last` may stay tomorrow (the day already counted).
        expect(once.last).toBe(dayKey(addDays(today, offset === 1 ? 1 : 0)));
        expect(applyStreak(once, today)).toEqual(once);
      }),
    );
  });
});

describe('normaliseStreak', () => {
  it('sets a missing last day to yesterday with streak 0', () => {
    expect(normaliseStreak(fields(5, 8, null), day(2021, 3, 1))).toEqual(
      fields(0, 8, '2021-02-28'),
    );
  });

  it('does not touch a present last day', () => {
    const f = fields(5, 8, '2019-01-01');
    expect(normaliseStreak(f, day(2021, 3, 1))).toBe(f);
  });
});

describe('resetStreak', () => {
  it('sets streak 1 and last today, keeping a longer longest streak', () => {
    expect(resetStreak(fields(6, 10, '2020-01-01'), day(2020, 3, 5))).toEqual(
      fields(1, 10, '2020-03-05'),
    );
  });

  it('raises a zero longest streak to 1', () => {
    expect(resetStreak(fields(0, 0, null), day(2020, 3, 5))).toEqual(fields(1, 1, '2020-03-05'));
  });
});

describe('newUserStreak', () => {
  it('starts at 0 with last yesterday, across a year boundary', () => {
    expect(newUserStreak(day(2021, 1, 1))).toEqual(fields(0, 0, '2020-12-31'));
  });

  it('turns into streak 1 on the first answer', () => {
    const today = day(2021, 1, 1);
    expect(applyStreak(newUserStreak(today), today)).toEqual(fields(1, 1, '2021-01-01'));
  });
});

describe('streakMoment (decision 058)', () => {
  const at = (iso: string) => new Date(iso);
  it('counts a save at 00:30 for the evening its entry was opened, 23:50', () => {
    expect(streakMoment(at('2026-11-27T23:50:00'), at('2026-11-28T00:30:00'))).toEqual(
      at('2026-11-27T23:50:00'),
    );
  });
  it('counts an entry left open since yesterday afternoon for the day it is written on', () => {
    const now = at('2026-11-28T09:00:00');
    expect(streakMoment(at('2026-11-27T15:00:00'), now)).toEqual(now);
  });
  it('never counts for a day later than now (a clock set back)', () => {
    const now = at('2026-11-28T09:00:00');
    expect(streakMoment(at('2026-11-29T09:00:00'), now)).toEqual(now);
  });
});
