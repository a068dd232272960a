import { filterAnswers } from '#client/components/answer-filter.ts';
import { pastDayPath, paths } from '#client/routes.ts';
import type { Answer } from '#shared/api/answers.ts';
import { dayOfPastPath } from '../past/day-filter.ts';

// The reading view (/read/{id}, issue 35 point 1). Pure: the screen reads the store and the
// address, these decide.

export type Reading =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'show'; answer: Answer; newer: Answer | null; older: Answer | null };

/**
 * The answer to read and its neighbours in My answers (newest first): the one written just
 * after it and the one just before. Not found only once the answers are in.
 */
export function decideReading(
  answerId: string,
  answers: readonly Answer[],
  answersLoaded: boolean,
): Reading {
  const ordered = filterAnswers(answers, '');
  const index = ordered.findIndex((answer) => answer._id === answerId);
  const answer = ordered[index];
  if (!answer) return answersLoaded ? { kind: 'not-found' } : { kind: 'loading' };
  return {
    kind: 'show',
    answer,
    newer: ordered[index - 1] ?? null,
    older: ordered[index + 1] ?? null,
  };
}

/** Where the back button goes: the list the answer was opened from, else My answers. */
export function readingBack(from: unknown): { to: string; label: string } {
  if (from === paths.answerSettings) return { to: paths.answerSettings, label: 'Back to the list' };
  const day = dayOfPastPath(from);
  return { to: day ? pastDayPath(day) : paths.past, label: 'Back to my answers' };
}

/** What the line above the heading says: the answer's kind and categories. */
export function readingKind(answer: Pick<Answer, 'prompt_id' | 'categories'>): string {
  const categories = answer.categories.filter((name) => name.trim() !== '');
  if (answer.prompt_id === null)
    return ['Journal', ...categories.filter((c) => c !== 'Journal')].join(', ');
  return categories.join(', ');
}
