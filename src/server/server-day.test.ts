import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDay, dayKey } from '../shared/domain/calendar-day.ts';
import { dayInZone } from '../shared/domain/zoned-day.ts';
import { HttpError } from './plugins/errors.ts';
import { assertCallerDay, callerDayOrToday } from './server-day.ts';

function statusOf(run: () => unknown): number | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : -1;
  }
}

describe('assertCallerDay', () => {
  const noon = new Date('2026-03-01T12:00:00.000Z');

  it('accepts the server day and one day either side, across a month end', () => {
    expect(assertCallerDay({ year: 2026, month: 3, day: 1 }, noon)).toEqual({
      year: 2026,
      month: 3,
      day: 1,
    });
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 2, day: 28 }, noon))).toBe(null);
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 3, day: 2 }, noon))).toBe(null);
  });

  it('refuses two or more days away with a 400', () => {
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 2, day: 27 }, noon))).toBe(400);
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 3, day: 3 }, noon))).toBe(400);
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 3, day: 4 }, noon))).toBe(400);
    expect(statusOf(() => assertCallerDay({ year: 2025, month: 3, day: 1 }, noon))).toBe(400);
  });

  it('counts from the UTC date, not the local one', () => {
    // 23:30 UTC on Dec 31: a UTC+14 caller is already on Jan 1 (fine), Jan 2 is too far.
    const lateUtc = new Date('2026-12-31T23:30:00.000Z');
    expect(statusOf(() => assertCallerDay({ year: 2027, month: 1, day: 1 }, lateUtc))).toBe(null);
    expect(statusOf(() => assertCallerDay({ year: 2027, month: 1, day: 2 }, lateUtc))).toBe(400);
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 12, day: 30 }, lateUtc))).toBe(null);
  });

  it('refuses a day that does not exist', () => {
    const leap = new Date('2026-02-28T12:00:00.000Z');
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 2, day: 29 }, leap))).toBe(400);
    expect(statusOf(() => assertCallerDay({ year: 2026, month: 2, day: 0 }, leap))).toBe(400);
  });
});

describe('the days real time zones can be on', () => {
  // UTC-12 (Etc/GMT+12, Baker Island) to UTC+14 (Kiritimati): 26 hours apart, so at some
  // moments three calendar dates are in use at once, and the server must take each of them.
  const zones = ['Etc/GMT+12', 'Pacific/Pago_Pago', 'UTC', 'Asia/Kathmandu', 'Pacific/Kiritimati'];

  it('accepts the day of every real zone at every moment', () => {
    const anyMoment = fc.date({
      min: new Date('2001-01-01T00:00:00Z'),
      max: new Date('2098-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(anyMoment, fc.constantFrom(...zones), (now, zone) => {
        const day = dayInZone(now, zone);
        expect(day).not.toBeNull();
        expect(statusOf(() => assertCallerDay(day as CalendarDay, now))).toBe(null);
      }),
    );
  });

  it('accepts Kiritimati’s tomorrow and Pago Pago’s yesterday, refuses a day beyond either', () => {
    // 10:30 UTC on Nov 23: Nov 24 in Kiritimati, Nov 22 in Pago Pago (23:30).
    const now = new Date('2026-11-23T10:30:00.000Z');
    const kiritimati = dayInZone(now, 'Pacific/Kiritimati') as CalendarDay;
    const pagoPago = dayInZone(now, 'Pacific/Pago_Pago') as CalendarDay;
    expect(dayKey(kiritimati)).toBe('2026-11-24');
    expect(dayKey(pagoPago)).toBe('2026-11-22');
    expect(statusOf(() => assertCallerDay(kiritimati, now))).toBe(null);
    expect(statusOf(() => assertCallerDay(pagoPago, now))).toBe(null);
    expect(statusOf(() => assertCallerDay(addDays(kiritimati, 1), now))).toBe(400);
    expect(statusOf(() => assertCallerDay(addDays(pagoPago, -1), now))).toBe(400);
  });
});

describe('callerDayOrToday', () => {
  const now = new Date('2026-11-23T10:30:00.000Z');

  it('is the server’s UTC day without a day, the caller’s day with one', () => {
    expect(callerDayOrToday({}, now)).toEqual({ year: 2026, month: 11, day: 23 });
    expect(callerDayOrToday({ year: 2026, month: 11, day: 24 }, now)).toEqual({
      year: 2026,
      month: 11,
      day: 24,
    });
  });

  it('refuses part of a day and a day too far with a 400', () => {
    expect(statusOf(() => callerDayOrToday({ year: 2026 }, now))).toBe(400);
    expect(statusOf(() => callerDayOrToday({ year: 2026, month: 11 }, now))).toBe(400);
    expect(statusOf(() => callerDayOrToday({ day: 23 }, now))).toBe(400);
    expect(statusOf(() => callerDayOrToday({ year: 2026, month: 11, day: 26 }, now))).toBe(400);
  });
});
