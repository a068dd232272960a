import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES, isPseudoCategory, PSEUDO_CATEGORIES } from './categories.ts';

describe('categories', () => {
  it('tells pseudo-categories from real ones', () => {
    expect(isPseudoCategory('All prompts')).toBe(true);
    expect(isPseudoCategory("Today's prompt")).toBe(true);
    expect(isPseudoCategory('Journal')).toBe(true);
    expect(isPseudoCategory('Answers')).toBe(true);
    expect(isPseudoCategory('Today')).toBe(false);
    expect(isPseudoCategory('all prompts')).toBe(false);
  });

  it('has no default category that is also a pseudo-category', () => {
    expect(DEFAULT_CATEGORIES.filter(isPseudoCategory)).toEqual([]);
    expect(Object.values(PSEUDO_CATEGORIES)).toHaveLength(4);
  });
});
