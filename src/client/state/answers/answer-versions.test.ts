import { describe, expect, it } from 'vitest';
import { joinBoth, mergeRule } from './answer-versions.ts';

describe('mergeRule (decision 013: nothing is lost between devices)', () => {
  const base = { revision: 1, text: 'A' };

  it('takes the local text when only this device changed it', () => {
    expect(mergeRule(base, 'A and C', { revision: 1, text: 'A' })).toBe('local');
    // The revision moved (e.g. the title was saved) but the words did not: still only local.
    expect(mergeRule(base, 'A and C', { revision: 2, text: 'A' })).toBe('local');
  });

  it('takes the server text when only the other device changed it', () => {
    expect(mergeRule(base, 'A', { revision: 2, text: 'A … B' })).toBe('server');
  });

  it('is a conflict when both changed it from the same base', () => {
    expect(mergeRule(base, 'A and C', { revision: 2, text: 'A … B' })).toBe('conflict');
  });

  it('needs no choice when both hold the same words', () => {
    expect(mergeRule(base, 'A … B', { revision: 2, text: 'A … B' })).toBe('server');
    expect(mergeRule(base, 'A', { revision: 1, text: 'A' })).toBe('server');
  });

  it('without the base text, a kept local text is a change and the revision decides', () => {
    expect(mergeRule({ revision: 1 }, 'offline words', { revision: 1, text: 'A' })).toBe('local');
    expect(mergeRule({ revision: 1 }, 'offline words', { revision: 2, text: 'A … B' })).toBe(
      'conflict',
    );
    // A new answer (no revision) that the server has under its id, with other words.
    expect(mergeRule({}, 'mine', { revision: 1, text: 'theirs' })).toBe('conflict');
  });
});

describe('joinBoth', () => {
  it('puts both additions after the shared start', () => {
    expect(joinBoth('A', 'A and C', 'A … B')).toBe('A … B and C');
  });

  it('keeps both whole texts, theirs first, when they do not share the start', () => {
    expect(joinBoth('A', 'C only', 'B only')).toBe('B only\n\nC only');
    expect(joinBoth(undefined, 'mine', 'theirs')).toBe('theirs\n\nmine');
  });

  it('never loses either side', () => {
    expect(joinBoth(undefined, 'mine', '')).toBe('mine');
    expect(joinBoth(undefined, '  ', 'theirs')).toBe('theirs');
  });
});
