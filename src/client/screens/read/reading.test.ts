import { describe, expect, it } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import type { Answer } from '#shared/api/answers.ts';
import { decideReading, readingBack, readingKind } from './reading.ts';

const answer = (id: string, answered: string, extra: Partial<Answer> = {}): Answer =>
  buildAnswer({ _id: id, prompt_id: 'p', prompt_title: id, answered, text: 'words', ...extra });

// Stored in no particular order: the reading view follows My answers, newest first.
const answers = [
  answer('middle', '2026-03-02T12:00:00.000Z'),
  answer('newest', '2026-03-03T12:00:00.000Z'),
  answer('oldest', '2026-03-01T12:00:00.000Z'),
];

describe('decideReading', () => {
  it('finds the answer and its neighbours, newest first', () => {
    const reading = decideReading('middle', answers, true);
    expect(reading.kind).toBe('show');
    if (reading.kind !== 'show') return;
    expect(reading.answer._id).toBe('middle');
    expect(reading.newer?._id).toBe('newest');
    expect(reading.older?._id).toBe('oldest');
  });

  it('has no newer answer at the top and no older one at the bottom', () => {
    const top = decideReading('newest', answers, true);
    const bottom = decideReading('oldest', answers, true);
    expect(top.kind === 'show' && top.newer).toBe(null);
    expect(bottom.kind === 'show' && bottom.older).toBe(null);
  });

  it('waits for the answers before saying an answer is not there', () => {
    expect(decideReading('elsewhere', answers, false)).toEqual({ kind: 'loading' });
    expect(decideReading('elsewhere', answers, true)).toEqual({ kind: 'not-found' });
  });
});

describe('readingBack', () => {
  it('goes back to the list the answer was opened from', () => {
    expect(readingBack('/past?day=2026-03-02')).toEqual({
      to: '/past?day=2026-03-02',
      label: 'Back to my answers',
    });
    expect(readingBack('/answerSettings')).toEqual({
      to: '/answerSettings',
      label: 'Back to the list',
    });
    expect(readingBack(undefined).to).toBe('/past');
    expect(readingBack('https://elsewhere.example/').to).toBe('/past');
  });
});

describe('readingKind', () => {
  it('names a journal entry and the categories', () => {
    expect(readingKind({ prompt_id: null, categories: [] })).toBe('Journal');
    expect(readingKind({ prompt_id: null, categories: ['Journal', 'Life'] })).toBe('Journal, Life');
    expect(readingKind({ prompt_id: 'p', categories: ['Life', ' '] })).toBe('Life');
  });
});
