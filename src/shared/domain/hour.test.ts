import { describe, expect, it } from 'vitest';
import {
  currentHour,
  isOnTheHour,
  joinsWorldAt,
  nextHour,
  seenByOthers,
  startOfHour,
  utcDay,
} from './hour.ts';

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

  it('names the next hour and the current one', () => {
    expect(nextHour('2026-11-27T14:37:12.345Z')).toBe('2026-11-27T15:00:00.000Z');
    expect(nextHour('2026-11-27T23:00:00.000Z')).toBe('2026-11-28T00:00:00.000Z');
    expect(currentHour(new Date('2026-11-27T14:59:59.999Z'))).toBe('2026-11-27T14:00:00.000Z');
  });

  it('lets an anonymous share join the world on the hour after it was shared (decision 057)', () => {
    // Shared at 14:37, stored at the start of its hour.
    const anonymous = { shared: true, anonymous: true, sharedOn: '2026-11-27T14:00:00.000Z' };
    expect(seenByOthers(anonymous, new Date('2026-11-27T14:59:59.999Z'))).toBe(false);
    expect(seenByOthers(anonymous, new Date('2026-11-27T15:00:00.000Z'))).toBe(true);
    expect(joinsWorldAt(anonymous)).toBe('2026-11-27T15:00:00.000Z');
    // A named share at once; an answer not shared never.
    const named = { shared: true, anonymous: false, sharedOn: '2026-11-27T14:37:00.000Z' };
    expect(seenByOthers(named, new Date('2026-11-27T14:37:00.000Z'))).toBe(true);
    expect(joinsWorldAt(named)).toBe('2026-11-27T14:37:00.000Z');
    const privately = { shared: false, anonymous: false, sharedOn: null };
    expect(seenByOthers(privately, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
    expect(joinsWorldAt(privately)).toBeNull();
  });
});
