import type { Answer } from '#shared/api/answers.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';

/**
 * SPEC §4 Next button:
 * - Journal or Daily (today's prompt): advances only when there is text, to /streak.
 * - Answers (editing past answers): saves and moves to the next newer answer, or back.
 * - Otherwise: changed → /streak; unchanged → a random prompt.
 * The label says what will happen: 'Done' when it ends at /streak or goes back, else 'Next'.
 */
export type NextAction =
  | { kind: 'streak'; label: 'Done' }
  | { kind: 'needs-text'; label: 'Done' }
  | { kind: 'next-answer'; label: 'Next'; answer: Answer }
  | { kind: 'back'; label: 'Done' }
  | { kind: 'random'; label: 'Next' };

export type NextInput = {
  category: string;
  text: string;
  changed: boolean;
  /** For 'Answers': the next newer answer, if any. */
  newer: Answer | null;
};

export function nextAction({ category, text, changed, newer }: NextInput): NextAction {
  if (category === PSEUDO_CATEGORIES.journal || category === PSEUDO_CATEGORIES.today) {
    return text.trim() === ''
      ? { kind: 'needs-text', label: 'Done' }
      : { kind: 'streak', label: 'Done' };
  }
  if (category === PSEUDO_CATEGORIES.answers) {
    return newer
      ? { kind: 'next-answer', label: 'Next', answer: newer }
      : { kind: 'back', label: 'Done' };
  }
  return changed ? { kind: 'streak', label: 'Done' } : { kind: 'random', label: 'Next' };
}

function time(answer: Answer): number {
  const ms = Date.parse(answer.answered);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The answer written just after `current` (the oldest of the newer ones), or null. */
export function newerAnswer(answers: readonly Answer[], current: Answer): Answer | null {
  const t = time(current);
  let best: Answer | null = null;
  for (const a of answers) {
    if (a._id === current._id) continue;
    const at = time(a);
    const later = at > t || (at === t && a._id > current._id);
    if (!later) continue;
    if (!best || at < time(best) || (at === time(best) && a._id < best._id)) best = a;
  }
  return best;
}
