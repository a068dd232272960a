import { describe, expect, it } from 'vitest';
import { answersText, dayCellName } from './day-cell-name.ts';

describe('dayCellName', () => {
  it('names the day in full and how many answers it has', () => {
    expect(dayCellName('2026-03-04', 2)).toBe('March 4, 2026: 2 answers');
    expect(dayCellName('2026-03-05', 1)).toBe('March 5, 2026: 1 answer');
    expect(dayCellName('2026-03-06', 0, true)).toBe('Today, March 6, 2026: no answers');
  });

  it('is empty for a key that is not a day', () => {
    expect(dayCellName('2026-02-30', 1)).toBe('');
  });
});

describe('answersText', () => {
  it('counts in words', () => {
    expect([0, 1, 7].map(answersText)).toEqual(['no answers', '1 answer', '7 answers']);
  });
});
