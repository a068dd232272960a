import { describe, expect, it } from 'vitest';
import {
  calendarSpan,
  calendarWeeks,
  dayFromQuery,
  dayOfPastPath,
  openingMonth,
  stepMonth,
} from './day-filter.ts';

const today = { year: 2026, month: 3, day: 10 };

describe('dayFromQuery', () => {
  it('takes a real day key', () => {
    expect(dayFromQuery('2026-03-04')).toBe('2026-03-04');
    expect(dayFromQuery('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses anything else, so every answer shows', () => {
    for (const bad of [
      null,
      '',
      '2026-02-30',
      '2026-13-01',
      '2026-3-4',
      ' 2026-03-04',
      '2026-03-04T00:00',
      'yesterday',
      '0000-01-01',
      '<script>',
    ]) {
      expect(dayFromQuery(bad)).toBeNull();
    }
  });
});

describe('dayOfPastPath', () => {
  it('finds the day of a My answers address, for the way back from an answer', () => {
    expect(dayOfPastPath('/past?day=2026-03-04')).toBe('2026-03-04');
    expect(dayOfPastPath('/past?x=1&day=2026-03-04')).toBe('2026-03-04');
  });

  it('is null for other paths and bad days', () => {
    for (const path of ['/past', '/past?day=2026-02-30', '/shared?day=2026-03-04', 7, null]) {
      expect(dayOfPastPath(path)).toBeNull();
    }
  });
});

describe('calendarSpan and stepMonth', () => {
  it('spans the month of the first answer to the last answer, and always today', () => {
    expect(calendarSpan(['2026-01-05', '2025-11-12', 'junk'], today)).toEqual({
      first: { year: 2025, month: 11, day: 1 },
      last: today,
    });
    expect(calendarSpan([], today)).toEqual({
      first: { year: 2026, month: 3, day: 1 },
      last: today,
    });
    // An answer dated ahead of this device's day (another time zone) stays reachable.
    expect(calendarSpan(['2026-04-01'], today).last).toEqual({ year: 2026, month: 4, day: 1 });
  });

  it('never steps to a month outside the span', () => {
    const span = { first: { year: 2025, month: 12, day: 1 }, last: today };
    expect(stepMonth({ year: 2026, month: 1 }, -1, span)).toEqual({ year: 2025, month: 12 });
    expect(stepMonth({ year: 2025, month: 12 }, -1, span)).toBeNull();
    expect(stepMonth({ year: 2026, month: 2 }, 1, span)).toEqual({ year: 2026, month: 3 });
    expect(stepMonth({ year: 2026, month: 3 }, 1, span)).toBeNull();
  });
});

describe('openingMonth', () => {
  it("opens on the chosen day's month, else this month", () => {
    expect(openingMonth('2025-07-09', today)).toEqual({ year: 2025, month: 7 });
    expect(openingMonth(null, today)).toEqual({ year: 2026, month: 3 });
  });
});

describe('calendarWeeks', () => {
  it('marks the days with answers, today, and the empty days after today', () => {
    const activity = new Map([
      ['2026-03-04', 2],
      ['2026-03-10', 1],
    ]);
    const days = calendarWeeks({ year: 2026, month: 3 }, activity, today)
      .flat()
      .filter((d) => d !== null);
    expect(days).toHaveLength(31);
    expect(days[3]).toMatchObject({ key: '2026-03-04', count: 2, today: false, future: false });
    expect(days[9]).toMatchObject({ key: '2026-03-10', count: 1, today: true, future: false });
    expect(days[10]).toMatchObject({ key: '2026-03-11', count: 0, future: true });
    expect(days[4]).toMatchObject({ count: 0, future: false });
  });
});
