import { describe, expect, it } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import { mergeServerAnswers } from './answer-merge.ts';

describe('mergeServerAnswers', () => {
  it("takes the server's answers when nothing is pending", () => {
    const onServer = buildAnswer({ text: 'server' });
    const stale = { ...onServer, text: 'old local' };
    const localOnly = buildAnswer({ text: 'deleted elsewhere' });
    expect(mergeServerAnswers([onServer], [stale, localOnly], new Set(), new Set())).toEqual([
      onServer,
    ]);
  });

  it('keeps local versions of answers whose save has not reached the server', () => {
    const onServer = buildAnswer({ text: 'server' });
    const edited = { ...onServer, text: 'newer local edit' };
    const unsent = buildAnswer({ text: 'written offline' });
    const merged = mergeServerAnswers(
      [onServer],
      [edited, unsent],
      new Set([edited._id, unsent._id]),
      new Set(),
    );
    expect(merged).toEqual([edited, unsent]);
  });

  it('keeps answers deleted locally deleted', () => {
    const gone = buildAnswer();
    const kept = buildAnswer();
    expect(mergeServerAnswers([gone, kept], [], new Set(), new Set([gone._id]))).toEqual([kept]);
  });
});
