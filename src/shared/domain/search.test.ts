import { describe, expect, it } from 'vitest';
import { highlight, matchesSearch, type Searchable, type SearchQuery, stem } from './search.ts';

const item = (over: Partial<Searchable> = {}): Searchable => ({
  text: 'We walked by the river after the bus driver dropped us off.',
  title: 'What made you smile today?',
  categories: ['Nature', 'Life'],
  day: '2026-05-10',
  ...over,
});
const query = (text: string, over: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  from: '',
  to: '',
  category: '',
  ...over,
});

describe('stem', () => {
  it('brings the forms of one word together and keeps different words apart', () => {
    expect(stem('rivers')).toBe(stem('river'));
    expect(stem('Loved')).toBe(stem('love'));
    expect(stem('loving')).toBe(stem('love'));
    expect(stem('stories')).toBe(stem('story'));
    expect(stem('stopped')).toBe(stem('stop'));
    expect(stem('Mum’s')).toBe(stem('mum'));
    expect(stem('driver')).not.toBe(stem('river'));
    expect(stem('glass')).toBe('glass');
    expect(stem('bus')).toBe('bus');
    expect(stem('Café')).toBe(stem('cafe'));
  });
});

describe('matchesSearch', () => {
  it('finds whole words, never fragments', () => {
    expect(matchesSearch(item({ text: 'Talked with the bus driver.' }), query('river'))).toBe(
      false,
    );
    expect(matchesSearch(item(), query('river'))).toBe(true);
    expect(matchesSearch(item(), query('rivers'))).toBe(true);
    expect(matchesSearch(item(), query('riv'))).toBe(false);
  });

  it('needs every word, and looks in the prompt title and categories too', () => {
    expect(matchesSearch(item(), query('river driver'))).toBe(true);
    expect(matchesSearch(item(), query('river ocean'))).toBe(false);
    expect(matchesSearch(item(), query('smiling'))).toBe(true);
    expect(matchesSearch(item(), query('nature'))).toBe(true);
    expect(matchesSearch(item(), query('  '))).toBe(true);
  });

  it('filters by a date range (both ends included) and by category', () => {
    expect(matchesSearch(item(), query('', { from: '2026-05-10', to: '2026-05-10' }))).toBe(true);
    expect(matchesSearch(item(), query('', { from: '2026-05-11' }))).toBe(false);
    expect(matchesSearch(item(), query('', { to: '2026-05-09' }))).toBe(false);
    expect(matchesSearch(item(), query('river', { category: 'life' }))).toBe(true);
    expect(matchesSearch(item(), query('river', { category: 'Work' }))).toBe(false);
  });
});

describe('highlight', () => {
  it('marks the matching words only, keeping the text whole', () => {
    const parts = highlight('Rivers, a river; the driver.', 'river');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Rivers', 'river']);
    expect(parts.map((p) => p.text).join('')).toBe('Rivers, a river; the driver.');
    expect(highlight('Nothing here', 'river')).toEqual([{ text: 'Nothing here', match: false }]);
  });
});

describe('highlight, as the answer cards use it', () => {
  it('marks every word asked for in its other forms, case and accents aside', () => {
    const parts = highlight('Loved the CAFÉ by the rivers.', 'river love cafe');
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Loved', 'CAFÉ', 'rivers']);
  });

  it('marks nothing for an empty query or a fragment', () => {
    expect(highlight('The bus driver.', '  ')).toEqual([{ text: 'The bus driver.', match: false }]);
    expect(highlight('The bus driver.', 'drive').some((p) => p.match)).toBe(false);
  });
});

describe('matchesSearch with tags (issue 35 point 3)', () => {
  const item = {
    text: 'Rain all day.',
    title: 'Nov 27, 2026',
    categories: [],
    tags: ['Berlin trip', 'walks'],
    day: '2026-11-27',
  };
  const query = { text: '', from: '', to: '', category: '' };
  it('finds an entry by a word of its tags', () => {
    expect(matchesSearch(item, { ...query, text: 'berlin' })).toBe(true);
    expect(matchesSearch(item, { ...query, text: 'paris' })).toBe(false);
  });
  it('narrows to one tag, case ignored', () => {
    expect(matchesSearch(item, { ...query, tag: 'WALKS' })).toBe(true);
    expect(matchesSearch(item, { ...query, tag: 'walk' })).toBe(false);
    expect(matchesSearch({ ...item, tags: undefined }, { ...query, tag: 'walks' })).toBe(false);
  });
});
