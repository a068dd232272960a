import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, scoreDelta, wordScore } from './score.ts';

describe('wordScore', () => {
  it('scores empty and blank text 0', () => {
    expect(wordScore('')).toBe(0);
    expect(wordScore('   \n\t ')).toBe(0);
  });

  it('divides the word count by 3 and rounds', () => {
    expect(wordScore('one')).toBe(0); // 0.33
    expect(wordScore('one two')).toBe(1); // 0.67
    expect(wordScore('one two three')).toBe(1);
    expect(wordScore('one two three four')).toBe(1); // 1.33
    expect(wordScore('a b c d e')).toBe(2); // 1.67
  });

  it('splits on any whitespace, not only single spaces', () => {
    expect(countWords('  one   two\nthree\tfour  ')).toBe(4);
    expect(countWords('über naïve café')).toBe(3);
    expect(countWords('dash-joined words, punctuation!')).toBe(3);
  });

  it('counts exactly what splitting on JavaScript whitespace counts', () => {
    const split = (text: string) => text.split(/\s+/u).filter((token) => token !== '').length;
    // Every character that is whitespace to \s, its neighbours, and letters around them.
    const spaces = '\t\n\v\f\r \u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    const near = '\u0008\u000e\u001f\u0021\u009f\u00a1\u1681\u1fff\u200b\u2027\u202a\u3001\ufefe';
    const piece = fc.constantFrom(...[...spaces, ...near, 'a', 'é', '😀', 'word']);
    fc.assert(
      fc.property(fc.array(piece), fc.string(), (pieces, noise) => {
        const text = pieces.join('') + noise;
        expect(countWords(text)).toBe(split(text));
      }),
      { numRuns: 2000 },
    );
    for (let code = 0; code <= 0xffff; code++) {
      const text = `a${String.fromCharCode(code)}b`;
      expect(countWords(text), `U+${code.toString(16)}`).toBe(split(text));
    }
  });

  it('is never negative', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(wordScore(text)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('scoreDelta', () => {
  it('scores a new answer in full', () => {
    expect(scoreDelta(null, 'one two three four five six')).toBe(2);
  });

  it('scores a re-save as the difference, negative when shorter', () => {
    expect(scoreDelta('one two three', 'one two three four five six')).toBe(1);
    expect(scoreDelta('one two three four five six', 'one')).toBe(-2);
    expect(scoreDelta('same text here', 'same text here')).toBe(0);
  });

  it('is antisymmetric', () => {
    const words = fc.array(fc.constantFrom('a', 'bb', ' ', '\n', 'ccc '), { maxLength: 60 });
    fc.assert(
      fc.property(words, words, (a, b) => {
        const x = a.join('');
        const y = b.join('');
        expect(scoreDelta(x, y) + scoreDelta(y, x)).toBe(0);
      }),
    );
  });
});
