import type { Answer } from '#shared/api/answers.ts';

function sharedTime(answer: Answer): number {
  const time = Date.parse(answer.sharedOn ?? answer.answered);
  return Number.isNaN(time) ? 0 : time;
}

/** SPEC §2 /shared: the user's own answers flagged shared, the most recently shared first. */
export function ownSharedAnswers(answers: readonly Answer[]): Answer[] {
  return answers.filter((a) => a.shared).sort((a, b) => sharedTime(b) - sharedTime(a));
}
