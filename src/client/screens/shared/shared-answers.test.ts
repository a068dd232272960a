import { describe, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import { ownSharedAnswers } from './shared-answers.ts';

function answer(id: string, fields: Partial<Answer>): Answer {
  return {
    _id: id,
    user_id: 'u1',
    user_name: 'Alice',
    prompt_id: 'p1',
    prompt_title: 'A prompt',
    answered: '2026-01-01T10:00:00.000Z',
    modified: '2026-01-01T10:00:00.000Z',
    text: 'Some text',
    type: 'paragraph',
    categories: [],
    shared: false,
    sharedOn: null,
    anonymous: false,
    likes: 0,
    likers: [],
    reported: false,
    score: 1,
    profilePicture: null,
    ...fields,
  };
}

describe('ownSharedAnswers', () => {
  it('keeps only shared answers, the most recently shared first', () => {
    const list = [
      answer('old', { shared: true, sharedOn: '2026-02-01T00:00:00.000Z' }),
      answer('private', {}),
      answer('new', { shared: true, sharedOn: '2026-03-01T00:00:00.000Z' }),
      // Written later but shared earlier.
      answer('early', {
        shared: true,
        answered: '2026-04-01T00:00:00.000Z',
        sharedOn: '2026-01-15T00:00:00.000Z',
      }),
    ];
    expect(ownSharedAnswers(list).map((a) => a._id)).toEqual(['new', 'old', 'early']);
  });

  it('falls back to the answered date when sharedOn is missing', () => {
    const list = [
      answer('a', { shared: true, answered: '2026-01-01T00:00:00.000Z' }),
      answer('b', { shared: true, answered: '2026-01-02T00:00:00.000Z' }),
    ];
    expect(ownSharedAnswers(list).map((a) => a._id)).toEqual(['b', 'a']);
  });
});
