import { describe, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import {
  addPending,
  newAnswersLabel,
  reveal,
  stillNew,
  withLoves,
  withNewWords,
  without,
} from './live-feed.ts';

const item = (id: string, likes = 0, likers: string[] = []): FeedAnswer =>
  ({ _id: id, likes, likers }) as unknown as FeedAnswer;
const ids = (answers: FeedAnswer[]) => answers.map((a) => a._id);

describe('the live world', () => {
  it('keeps new shares waiting, newest first, each once, and not those already shown', () => {
    const shown = [item('a')];
    let pending = addPending([], item('b'), shown);
    pending = addPending(pending, item('c'), shown);
    pending = addPending(pending, item('b'), shown);
    pending = addPending(pending, item('a'), shown);
    expect(ids(pending)).toEqual(['b', 'c']);
  });

  it('reveals the waiting answers on top, skipping any a page load brought meanwhile', () => {
    const shown = [item('c'), item('a')];
    const pending = [item('d'), item('c')];
    expect(ids(stillNew(pending, shown))).toEqual(['d']);
    expect(ids(reveal(shown, pending))).toEqual(['d', 'c', 'a']);
  });

  it('changes only the love count in place, keeping the reader’s own love', () => {
    const mine = item('a', 3, ['me']);
    const updated = withLoves([mine, item('b', 1)], 'a', 4);
    expect(updated[0]).toEqual({ _id: 'a', likes: 4, likers: ['me'] });
    expect(updated[1]).toEqual(item('b', 1));
  });

  it('drops removed answers and words the button', () => {
    expect(ids(without([item('a'), item('b')], 'a'))).toEqual(['b']);
    expect(newAnswersLabel(1)).toBe('1 new answer');
    expect(newAnswersLabel(3)).toBe('3 new answers');
  });

  it("changes an updated answer's words in place and keeps the reader's own love and flag", () => {
    const mine = { ...item('a'), likers: ['reader'], reported: true };
    const changed = { ...item('a'), text: 'New words', modified: '2026-11-23T10:00:00Z', score: 1 };
    const [updated, other] = withNewWords([mine, item('b')], changed);
    expect(updated).toMatchObject({
      text: 'New words',
      score: 1,
      likers: ['reader'],
      reported: true,
    });
    expect(updated?.modified).toBe('2026-11-23T10:00:00Z');
    expect(other).toEqual(item('b'));
  });
});
