import { describe, expect, it } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { newerAnswer, nextAction } from './next-action.ts';

const base = { text: '', changed: false, newer: null };

describe('nextAction (SPEC §4 Next button)', () => {
  for (const category of [PSEUDO_CATEGORIES.journal, PSEUDO_CATEGORIES.today]) {
    it(`${category}: does not advance without text`, () => {
      expect(nextAction({ ...base, category, text: '   \n' }).kind).toBe('needs-text');
    });
    it(`${category}: with text goes to /streak, changed or not`, () => {
      expect(nextAction({ ...base, category, text: 'Hi', changed: true }).kind).toBe('streak');
      expect(nextAction({ ...base, category, text: 'Hi', changed: false }).kind).toBe('streak');
    });
  }

  it('Answers: moves to the next newer answer when there is one', () => {
    const newer = buildAnswer();
    const action = nextAction({ ...base, category: PSEUDO_CATEGORIES.answers, newer });
    expect(action).toEqual({ kind: 'next-answer', label: 'Next', answer: newer });
  });

  it('Answers: goes back after the newest answer', () => {
    expect(nextAction({ ...base, category: PSEUDO_CATEGORIES.answers }).kind).toBe('back');
  });

  it('a category: changed text goes to /streak', () => {
    const action = nextAction({ ...base, category: 'Gratitude', text: 'x', changed: true });
    expect(action).toEqual({ kind: 'streak', label: 'Done' });
  });

  it('a category or All prompts: unchanged loads a random prompt', () => {
    expect(nextAction({ ...base, category: 'Gratitude' })).toEqual({
      kind: 'random',
      label: 'Next',
    });
    expect(
      nextAction({ ...base, category: PSEUDO_CATEGORIES.all, text: 'saved before' }).kind,
    ).toBe('random');
  });
});

describe('newerAnswer', () => {
  const at = (iso: string, id?: string) =>
    buildAnswer({ answered: iso, ...(id ? { _id: id } : {}) });

  it('is the oldest of the answers written after the current one', () => {
    const current = at('2026-03-02T10:00:00Z');
    const later = at('2026-03-04T10:00:00Z');
    const next = at('2026-03-03T10:00:00Z');
    const earlier = at('2026-03-01T10:00:00Z');
    expect(newerAnswer([later, current, earlier, next], current)).toBe(next);
  });

  it('is null for the newest answer', () => {
    const current = at('2026-03-05T10:00:00Z');
    expect(newerAnswer([at('2026-03-01T10:00:00Z'), current], current)).toBeNull();
  });

  it('orders answers written at the same moment by id, so none is skipped or repeated', () => {
    const a = at('2026-03-05T10:00:00Z', 'a');
    const b = at('2026-03-05T10:00:00Z', 'b');
    const c = at('2026-03-05T10:00:00Z', 'c');
    expect(newerAnswer([c, b, a], a)).toBe(b);
    expect(newerAnswer([c, b, a], b)).toBe(c);
    expect(newerAnswer([c, b, a], c)).toBeNull();
  });
});
