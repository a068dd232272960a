import { describe, expect, it } from 'vitest';
import { type CalendarDay, utcDayOf } from './calendar-day.ts';
import { applyStreak, newUserStreak, type StreakFields } from './streak.ts';
import { dayInZone } from './zoned-day.ts';

// Issue 17 points 6 and 8: the streak counts the person's own calendar days. Each case writes at
// instants whose UTC date differs from the person's date, so counting UTC days gives another
// (wrong) streak — the second expectation of each case says which.

const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14
const PAGO_PAGO = 'Pacific/Pago_Pago'; // UTC-11

function dayIn(iso: string, zone: string): CalendarDay {
  const day = dayInZone(new Date(iso), zone);
  if (!day) throw new Error(`no day for ${iso} in ${zone}`);
  return day;
}

/** The streak after answering at each instant, in the zone the person was in then. */
function streakOf(moments: [iso: string, zone: string][], start?: StreakFields): StreakFields {
  let fields = start ?? newUserStreak(dayIn(moments[0]?.[0] ?? '', moments[0]?.[1] ?? 'UTC'));
  for (const [iso, zone] of moments) fields = applyStreak(fields, dayIn(iso, zone));
  return fields;
}

/** The same answers counted on the server's UTC dates: what the person must not get. */
function utcStreakOf(moments: [iso: string, zone: string][]): number {
  let fields = newUserStreak(utcDayOf(new Date(moments[0]?.[0] ?? '')));
  for (const [iso] of moments) fields = applyStreak(fields, utcDayOf(new Date(iso)));
  return fields.streak;
}

describe('the streak on the person’s own days', () => {
  it('at UTC+14: 08:00 on the 24th and 23:00 on the 25th are two days in a row', () => {
    const moments: [string, string][] = [
      ['2026-11-23T18:00:00Z', KIRITIMATI], // Nov 24, 08:00 there; Nov 23 in UTC
      ['2026-11-25T09:00:00Z', KIRITIMATI], // Nov 25, 23:00 there; Nov 25 in UTC
    ];
    expect(streakOf(moments)).toMatchObject({ streak: 2, last: '2026-11-25' });
    expect(utcStreakOf(moments)).toBe(1);
  });

  it('at UTC-11: 22:00 on the 23rd and 01:00 on the 24th are two days in a row', () => {
    const moments: [string, string][] = [
      ['2026-11-24T09:00:00Z', PAGO_PAGO], // Nov 23, 22:00 there; Nov 24 in UTC
      ['2026-11-24T12:00:00Z', PAGO_PAGO], // Nov 24, 01:00 there; Nov 24 in UTC too
    ];
    expect(streakOf(moments)).toMatchObject({ streak: 2, last: '2026-11-24' });
    expect(utcStreakOf(moments)).toBe(1);
  });

  it('at UTC-11: two answers on one local day count once, though UTC sees two days', () => {
    const moments: [string, string][] = [
      ['2026-11-23T20:00:00Z', PAGO_PAGO], // Nov 23, 09:00 there
      ['2026-11-24T09:30:00Z', PAGO_PAGO], // Nov 23, 22:30 there; Nov 24 in UTC
    ];
    expect(streakOf(moments)).toMatchObject({ streak: 1, last: '2026-11-23' });
    expect(utcStreakOf(moments)).toBe(2);
  });
});

describe('crossing the date line', () => {
  it('westwards (Kiritimati → Pago Pago) keeps the streak: the day counted stays counted', () => {
    const start: StreakFields = { streak: 5, longestStreak: 5, last: '2026-11-23' };
    // Nov 24 in Kiritimati: day 6.
    const there = streakOf([['2026-11-23T20:00:00Z', KIRITIMATI]], start);
    expect(there).toMatchObject({ streak: 6, last: '2026-11-24' });
    // Landed in Pago Pago, where it is Nov 23 again: `last` is a day ahead, not a break.
    const landed = streakOf([['2026-11-24T02:00:00Z', PAGO_PAGO]], there);
    expect(landed).toEqual(there);
    // Nov 24 in Pago Pago is the day already counted; Nov 25 is the next one.
    expect(streakOf([['2026-11-24T20:00:00Z', PAGO_PAGO]], landed)).toEqual(there);
    expect(streakOf([['2026-11-25T20:00:00Z', PAGO_PAGO]], landed)).toMatchObject({
      streak: 7,
      last: '2026-11-25',
    });
  });

  it('eastwards by one day (Pago Pago → Kiritimati) is a normal next day', () => {
    const start: StreakFields = { streak: 3, longestStreak: 4, last: '2026-11-22' };
    // Nov 23, 20:00 in Pago Pago: day 4.
    const before = streakOf([['2026-11-24T07:00:00Z', PAGO_PAGO]], start);
    expect(before).toMatchObject({ streak: 4, last: '2026-11-23' });
    // An hour later in Kiritimati it is Nov 24, 22:00: the next day, not a break.
    expect(streakOf([['2026-11-24T08:00:00Z', KIRITIMATI]], before)).toEqual({
      streak: 5,
      longestStreak: 5,
      last: '2026-11-24',
    });
  });

  it('eastwards past a whole day of one’s own is a break, as anywhere', () => {
    const before: StreakFields = { streak: 4, longestStreak: 4, last: '2026-11-23' };
    // Nov 25, 02:00 in Kiritimati: Nov 24 was never written.
    expect(streakOf([['2026-11-24T12:00:00Z', KIRITIMATI]], before)).toMatchObject({
      streak: 1,
      longestStreak: 4,
      last: '2026-11-25',
    });
  });
});
