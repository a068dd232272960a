import { describe, expect, it } from 'vitest';
import { filterAnswers, foldForSearch } from './answer-filter.ts';

const answer = (answered: string, prompt_title: string, text: string) => ({
  answered,
  prompt_title,
  text,
});

const tea = answer('2026-03-01T09:00:00Z', 'What made today easier?', 'A cup of tea with Ana');
const walk = answer('2026-03-03T09:00:00Z', 'Describe a walk', 'Rain on the café windows');
const work = answer('2026-03-02T09:00:00Z', 'What did you learn at work?', 'Patience, mostly');

describe('filterAnswers', () => {
  it('lists everything newest first for an empty query', () => {
    expect(filterAnswers([tea, walk, work], '  ')).toEqual([walk, work, tea]);
  });

  it('finds words in the text and in the prompt title', () => {
    expect(filterAnswers([tea, walk, work], 'tea')).toEqual([tea]);
    expect(filterAnswers([tea, walk, work], 'learn')).toEqual([work]);
  });

  it('ignores case and accents', () => {
    expect(filterAnswers([tea, walk, work], 'CAFE')).toEqual([walk]);
  });

  it('needs every word, in any order, across title and text', () => {
    expect(filterAnswers([tea, walk, work], 'rain walk')).toEqual([walk]);
    expect(filterAnswers([tea, walk, work], 'rain tea')).toEqual([]);
  });

  it('finds whole words, not fragments, and filters by day and category (issue 17 C)', () => {
    const river = {
      ...answer('2026-03-04T12:00:00Z', 'A place', 'By the rivers'),
      categories: ['Nature'],
    };
    const driver = answer('2026-03-05T12:00:00Z', 'A ride', 'The bus driver waved');
    expect(filterAnswers([river, driver], 'river')).toEqual([river]);
    expect(filterAnswers([river, driver], 'nature')).toEqual([river]);
    expect(
      filterAnswers([river, driver], '', { from: '2026-03-05', to: '', category: '' }),
    ).toEqual([driver]);
    expect(filterAnswers([river, driver], '', { from: '', to: '', category: 'Nature' })).toEqual([
      river,
    ]);
  });

  it('does not change the list it was given', () => {
    const list = [tea, walk, work];
    filterAnswers(list, '');
    expect(list).toEqual([tea, walk, work]);
  });
});

describe('foldForSearch', () => {
  it('folds case and diacritics', () => {
    expect(foldForSearch('Müse Über Café')).toBe('muse uber cafe');
  });
});
