import { describe, expect, it } from 'vitest';
import { isOnTheHour, startOfHour, utcDay } from './hour.ts';

describe('times to the hour', () => {
  it('floors to the start of the UTC hour', () => {
    expect(startOfHour('2026-11-27T14:03:40.123Z')).toBe('2026-11-27T14:00:00.000Z');
    expect(startOfHour('2026-11-27T14:00:00.000Z')).toBe('2026-11-27T14:00:00.000Z');
    // An offset is read as the instant it names.
    expect(startOfHour('2026-11-27T15:59:59.999+01:00')).toBe('2026-11-27T14:00:00.000Z');
  });

  it('leaves what it cannot read for the check to refuse', () => {
    expect(startOfHour('soon')).toBe('soon');
    expect(isOnTheHour('soon')).toBe(false);
  });

  it('tells a time on the hour from a finer one', () => {
    expect(isOnTheHour('2026-11-27T14:00:00.000Z')).toBe(true);
    expect(isOnTheHour('2026-11-27T14:00:00Z')).toBe(true);
    expect(isOnTheHour(null)).toBe(true);
    expect(isOnTheHour('2026-11-27T14:00:00.001Z')).toBe(false);
    expect(isOnTheHour('2026-11-27T14:03:00.000Z')).toBe(false);
  });

  it('names the UTC day', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(utcDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
  });
});
