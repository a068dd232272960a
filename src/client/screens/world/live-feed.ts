import type { FeedAnswer } from '#shared/api/world.ts';

// Pure rules for the live world (decision 019): new shares wait above the list until the
// reader asks for them; love counts and removals apply in place.

/** A newly shared answer joins the waiting ones (newest first) unless it is already shown. */
export function addPending(
  pending: readonly FeedAnswer[],
  answer: FeedAnswer,
  shown: readonly FeedAnswer[],
): FeedAnswer[] {
  if (shown.some((a) => a._id === answer._id)) return [...pending];
  return [answer, ...pending.filter((a) => a._id !== answer._id)];
}

/**
 * The waiting answers that are not in the list by now (a page load may have brought them).
 */
export function stillNew(
  pending: readonly FeedAnswer[],
  shown: readonly FeedAnswer[],
): FeedAnswer[] {
  const ids = new Set(shown.map((a) => a._id));
  return pending.filter((a) => !ids.has(a._id));
}

/** The list with the waiting answers on top, each once. */
export function reveal(shown: readonly FeedAnswer[], pending: readonly FeedAnswer[]): FeedAnswer[] {
  return [...stillNew(pending, shown), ...shown];
}

/**
 * A new love count, in place. Only `likes` changes: whether the reader loves or flagged it is
 * theirs, and the stream speaks as a stranger.
 */
export function withLoves(answers: readonly FeedAnswer[], id: string, likes: number): FeedAnswer[] {
  return answers.map((a) => (a._id === id && a.likes !== likes ? { ...a, likes } : a));
}

/**
 * The author updated the world's copy: its words, date and score change in place. Whether the
 * reader loves or flagged it is theirs, so those stay.
 */
export function withNewWords(answers: readonly FeedAnswer[], changed: FeedAnswer): FeedAnswer[] {
  return answers.map((a) =>
    a._id === changed._id
      ? { ...a, text: changed.text, modified: changed.modified, score: changed.score }
      : a,
  );
}

/** Unshared or taken out by an admin: gone from the list. */
export function without(answers: readonly FeedAnswer[], id: string): FeedAnswer[] {
  return answers.filter((a) => a._id !== id);
}

export function newAnswersLabel(count: number): string {
  return count === 1 ? '1 new answer' : `${count} new answers`;
}
