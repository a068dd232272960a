import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { type CalendarDay, dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { journalTitle } from '#shared/domain/date-format.ts';
import { pickRandomPrompt } from '#shared/domain/random-prompt.ts';
import { currentSeen, markSeen } from '#shared/domain/seen.ts';
import { newId } from '../ids.ts';
import type { AppState } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { saveEditorDraft } from './answer-sync.ts';

// The answer being written (state.answer) and what happens to it. Saving goes through the one
// write path (writes.ts); this module and the editor's sync (answer-sync.ts) decide *when*
// (SPEC §4: on leaving, on unload, when a menu opens, and as the person writes — and only when
// they changed the text).

/** The saved version of the current answer, or null when it was never saved. */
export function savedVersion(state: Pick<AppState, 'answers'>, answer: Answer): Answer | null {
  return state.answers.find((a) => a._id === answer._id) ?? null;
}

/**
 * Saves the current answer if the person changed its text in the editor (decision 013: only
 * what they typed in this editing session is ever saved; opening and leaving writes nothing).
 * The streak counts today, and 'Answer saved' shows for 2 seconds. Returns whether anything
 * was sent now (an autosave may already have sent it).
 */
export function saveDraftIfChanged(options: { onUnload?: boolean } = {}): boolean {
  return saveEditorDraft(options);
}

function blankAnswer(fields: Pick<Answer, 'prompt_id' | 'prompt_title' | 'categories'>): Answer {
  const { user } = getState();
  const now = new Date().toISOString();
  return {
    _id: newId(),
    user_id: user._id,
    user_name: user.name,
    answered: now,
    modified: now,
    text: '',
    // SPEC §9 default type (DEFAULT_PROMPT_TYPE in src/shared/api/prompts.ts, not imported so
    // that the server's zod schemas stay out of the client bundle).
    type: 'paragraph',
    shared: false,
    sharedOn: null,
    anonymous: false,
    likes: 0,
    likers: [],
    reported: false,
    score: 0,
    profilePicture: null,
    ...fields,
  };
}

/**
 * A new answer to `prompt` becomes the current answer (after saving the previous one if it
 * changed). SPEC §4: the seen list gains the prompt when an answer is created.
 */
export function startPromptAnswer(prompt: PromptView, category: string): void {
  saveDraftIfChanged();
  const answer = blankAnswer({
    prompt_id: prompt._id,
    prompt_title: prompt.title,
    categories: prompt.categories,
  });
  setState((s) => ({
    answer,
    category,
    seen: markSeen(s.seen, prompt._id, todayOf(new Date())),
  }));
}

/**
 * A new Journal entry titled with its date (SPEC §2 /answer/journal): today's, or `day`'s for an
 * entry written for an earlier day, dated that day at this time of day (decision 058). Returns
 * the new entry's id.
 */
export function startJournalEntry(
  category: string,
  { day, id }: { day?: CalendarDay | null; id?: string } = {},
  now = new Date(),
): string {
  saveDraftIfChanged();
  const answer = blankAnswer({
    prompt_id: null,
    prompt_title: journalTitle(day ?? todayOf(now)),
    categories: [],
  });
  if (id) answer._id = id;
  if (day && dayKey(day) !== dayKey(todayOf(now))) {
    const dated = new Date(now);
    dated.setFullYear(day.year, day.month - 1, day.day);
    answer.answered = dated.toISOString();
  }
  setState({ answer, category });
  return answer._id;
}

/** An existing answer becomes the current answer, to be edited. */
export function openAnswer(answer: Answer, category: string): void {
  if (getState().answer?._id !== answer._id) saveDraftIfChanged();
  setState({ answer, category });
}

/**
 * SPEC §9 random prompt for `category` (a pseudo-category means every category): not the
 * current prompt, not seen today, not answered — unless that leaves fewer than 10.
 */
export function pickPromptFor(category: string, now: Date = new Date()): PromptView | null {
  const s = getState();
  return pickRandomPrompt({
    prompts: s.prompts,
    ownPrompts: s.myPrompts,
    currentId: s.answer?.prompt_id ?? null,
    seenIds: currentSeen(s.seen, todayOf(now)).ids,
    answeredPromptIds: s.answers.flatMap((a) => (a.prompt_id ? [a.prompt_id] : [])),
    category,
  });
}
