import { describe, expect, it } from 'vitest';
import { HttpError } from './plugins/errors.ts';
import { assertCallerDay } from './server-day.ts';

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
