import { describe, expect, it } from 'vitest';
import { filterLabel, filtersOn } from './filter-fold.ts';

describe('filtersOn', () => {
  const none = { search: '', from: '', to: '', category: '' };
  it('counts the words, the dates (one for the range) and the category', () => {
    expect(filtersOn(none)).toBe(0);
    expect(filtersOn({ ...none, search: '  ' })).toBe(0);
    expect(filtersOn({ ...none, search: 'river' })).toBe(1);
    expect(filtersOn({ ...none, from: '2026-03-01' })).toBe(1);
    expect(filtersOn({ ...none, from: '2026-03-01', to: '2026-03-02' })).toBe(1);
    expect(filtersOn({ search: 'river', from: '', to: '2026-03-02', category: 'Life' })).toBe(3);
  });

  it('says how many are on', () => {
    expect(filterLabel(0)).toBe('Filter');
    expect(filterLabel(2)).toBe('Filter, 2 on');
  });
});
