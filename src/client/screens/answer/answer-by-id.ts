import type { Answer } from '#shared/api/answers.ts';

// Which of the person's own answers /answer/a/{answerId} shows (decision 015). Only their own
// answers are ever looked at, so an id of someone else's answer is simply not found here.

export type AnswerByIdDecision =
  | { kind: 'show' }
  | { kind: 'open'; answer: Answer }
  | { kind: 'wait' }
  | { kind: 'not-found' };

export function decideAnswerById(
  answerId: string,
  draft: Answer | null,
  answers: readonly Answer[],
  answersLoaded: boolean,
): AnswerByIdDecision {
  if (draft?._id === answerId) return { kind: 'show' };
  const answer = answers.find((a) => a._id === answerId);
  if (answer) return { kind: 'open', answer };
  return answersLoaded ? { kind: 'not-found' } : { kind: 'wait' };
}
