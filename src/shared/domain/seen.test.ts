import { describe, expect, it } from 'vitest';
import type { CalendarDay } from './calendar-day.ts';
import { currentSeen, markSeen, type Seen } from './seen.ts';

const day = (year: number, month: number, day: number): CalendarDay => ({ year, month, day });

describe('currentSeen', () => {
  it("keeps today's list", () => {
    const seen: Seen = { date: '2020-03-05', ids: ['a'] };
    expect(currentSeen(seen, day(2020, 3, 5))).toBe(seen);
  });

  it('resets on a new day, and on a clock set back', () => {
    const seen: Seen = { date: '2020-03-05', ids: ['a'] };
    expect(currentSeen(seen, day(2020, 3, 6))).toEqual({ date: '2020-03-06', ids: [] });
    expect(currentSeen(seen, day(2020, 3, 4))).toEqual({ date: '2020-03-04', ids: [] });
  });

  it('starts a list when there is none', () => {
    expect(currentSeen(null, day(2021, 1, 1))).toEqual({ date: '2021-01-01', ids: [] });
  });
});

describe('markSeen', () => {
  it('adds an id once', () => {
    const once = markSeen({ date: '2020-03-05', ids: ['a'] }, 'b', day(2020, 3, 5));
    expect(once).toEqual({ date: '2020-03-05', ids: ['a', 'b'] });
    expect(markSeen(once, 'b', day(2020, 3, 5))).toBe(once);
  });

  it("drops yesterday's ids before adding", () => {
    expect(markSeen({ date: '2020-12-31', ids: ['a', 'b'] }, 'b', day(2021, 1, 1))).toEqual({
      date: '2021-01-01',
      ids: ['b'],
    });
  });

  it('does not mutate the input', () => {
    const seen: Seen = { date: '2020-03-05', ids: ['a'] };
    markSeen(seen, 'b', day(2020, 3, 5));
    expect(seen.ids).toEqual(['a']);
  });
});
