import { describe, expect, it } from 'vitest';
import { mergeStreak, streakFromDays } from './streak-history.ts';

const today = { year: 2026, month: 11, day: 23 };

describe('streakFromDays', () => {
  it('counts the run that ends today or yesterday, and the longest run ever', () => {
    const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-10-01', '2026-10-02'];
    expect(streakFromDays(days, today)).toEqual({
      streak: 3,
      longestStreak: 3,
      last: '2026-11-23',
    });
    expect(streakFromDays(['2026-11-20', '2026-11-21', '2026-11-22'], today).streak).toBe(3);
  });

  it('has no current streak when the last day is older than yesterday', () => {
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-11-10'];
    expect(streakFromDays(days, today)).toEqual({
      streak: 0,
      longestStreak: 4,
      last: '2026-11-10',
    });
  });

  it('ignores repeats, order, unreadable and future days', () => {
    const days = ['2026-11-23', '2026-11-22', '2026-11-23', 'nonsense', '2026-12-01'];
    expect(streakFromDays(days, today)).toEqual({
      streak: 2,
      longestStreak: 2,
      last: '2026-11-23',
    });
    expect(streakFromDays([], today)).toEqual({ streak: 0, longestStreak: 0, last: null });
  });

  it('runs across month and year ends', () => {
    const days = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-02-28', '2026-03-01'];
    expect(streakFromDays(days, today).longestStreak).toBe(3);
  });
});

describe('mergeStreak', () => {
  it('takes the history where it is live and keeps the longest of both', () => {
    const current = { streak: 1, longestStreak: 2, last: '2026-11-23' };
    const history = { streak: 5, longestStreak: 9, last: '2026-11-23' };
    expect(mergeStreak(current, history, today)).toEqual({
      streak: 5,
      longestStreak: 9,
      last: '2026-11-23',
    });
  });

  it("keeps a live streak the history doesn't reach, and the later last day", () => {
    const current = { streak: 2, longestStreak: 2, last: '2026-11-22' };
    const history = { streak: 0, longestStreak: 30, last: '2025-06-01' };
    expect(mergeStreak(current, history, today)).toEqual({
      streak: 2,
      longestStreak: 30,
      last: '2026-11-22',
    });
  });
});
