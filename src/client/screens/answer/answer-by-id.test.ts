import { describe, expect, it } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import { decideAnswerById } from './answer-by-id.ts';

describe('decideAnswerById', () => {
  const mine = buildAnswer({ text: 'Mine' });
  const other = buildAnswer({ text: 'Being written' });

  it('shows the answer being written when it is the one asked for', () => {
    expect(decideAnswerById(other._id, other, [mine], true)).toEqual({ kind: 'show' });
  });

  it('opens one of the person’s saved answers', () => {
    expect(decideAnswerById(mine._id, other, [mine], false)).toEqual({
      kind: 'open',
      answer: mine,
    });
  });

  it('waits for the answers, then says not found for any other id', () => {
    expect(decideAnswerById('someone-elses', other, [mine], false)).toEqual({ kind: 'wait' });
    expect(decideAnswerById('someone-elses', other, [mine], true)).toEqual({
      kind: 'not-found',
    });
  });
});
