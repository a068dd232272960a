import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayKey, utcDayOf } from './calendar-day.ts';
import { dayInZone, isTimeZone, noonInZone } from './zoned-day.ts';

const at = (iso: string) => new Date(iso);
const key = (instant: Date, zone: string) => {
  const day = dayInZone(instant, zone);
  return day ? dayKey(day) : null;
};

describe('dayInZone', () => {
  it('is a day ahead of UTC in Kiritimati (UTC+14) from 10:00 UTC', () => {
    expect(key(at('2026-11-23T09:59:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-23');
    expect(key(at('2026-11-23T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-24');
    // New Year comes first there: still 2026 in Greenwich.
    expect(key(at('2026-12-31T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2027-01-01');
  });

  it('is a day behind UTC in Pago Pago (UTC-11) until 11:00 UTC', () => {
    expect(key(at('2026-11-23T10:59:00Z'), 'Pacific/Pago_Pago')).toBe('2026-11-22');
    expect(key(at('2026-11-23T11:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-11-23');
    expect(key(at('2027-01-01T05:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-12-31');
  });

  it('answers null for a zone the runtime does not know, or an invalid date', () => {
    expect(dayInZone(at('2026-11-23T12:00:00Z'), 'Mars/Olympus')).toBeNull();
    expect(dayInZone(new Date(Number.NaN), 'UTC')).toBeNull();
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Pacific/Kiritimati')).toBe(true);
  });
});

describe('noonInZone', () => {
  it('is noon where the person lives, on their day', () => {
    const day = { year: 2026, month: 3, day: 4 };
    expect(noonInZone(day, 'Pacific/Kiritimati')?.toISOString()).toBe('2026-03-03T22:00:00.000Z');
    expect(noonInZone(day, 'Pacific/Pago_Pago')?.toISOString()).toBe('2026-03-04T23:00:00.000Z');
    expect(noonInZone(day, 'UTC')?.toISOString()).toBe('2026-03-04T12:00:00.000Z');
    // Berlin on the day its clocks go forward (UTC+1 before 01:00 UTC, UTC+2 after).
    const spring = { year: 2026, month: 3, day: 29 };
    expect(noonInZone(spring, 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(noonInZone(day, 'Mars/Olympus')).toBeNull();
  });

  it('falls on the same day read back in that zone, for every zone and day', () => {
    const zones = [
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Etc/GMT+12',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Europe/London',
    ];
    const anyDay = fc
      .date({
        min: at('2000-01-01T00:00:00Z'),
        max: at('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(utcDayOf);
    fc.assert(
      fc.property(anyDay, fc.constantFrom(...zones), (day, zone) => {
        const noon = noonInZone(day, zone);
        expect(noon).not.toBeNull();
        expect(key(noon as Date, zone)).toBe(dayKey(day));
      }),
    );
  });
});
