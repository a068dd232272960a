import { describe, expect, it } from 'vitest';
import { cleanTag, hasTag, normaliseTags } from './tags.ts';

describe('tags', () => {
  it('keeps each tag once, as written, without a leading # or stray spaces', () => {
    expect(normaliseTags(['#travel', ' Berlin  trip ', 'Travel', '', '  ', 'berlin trip'])).toEqual(
      ['travel', 'Berlin trip'],
    );
    expect(cleanTag('##work')).toBe('work');
  });
  it('finds a tag regardless of case', () => {
    expect(hasTag(['Berlin trip'], 'berlin TRIP')).toBe(true);
    expect(hasTag(undefined, 'x')).toBe(false);
  });
});
