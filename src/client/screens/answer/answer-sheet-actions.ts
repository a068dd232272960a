import type { NavigateFunction } from 'react-router';
import type { SheetAction } from '#client/components/action-sheet.tsx';
import type { ShareFlow } from '#client/components/use-share-flow.tsx';
import { downloadAnswers } from '#client/download-answers.ts';
import { paths, promptPath } from '#client/routes.ts';
import { pickPromptFor } from '#client/state/answers/answer-draft.ts';
import { setState } from '#client/state/store/app-store.ts';
import type { Answer } from '#shared/api/answers.ts';
import { isPseudoCategory, PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { newJournalEntry } from './answer-route.ts';

const { all: ALL, answers: ANSWERS } = PSEUDO_CATEGORIES;

type SheetContext = {
  draft: Answer;
  /** The saved version of the answer, or null when it was never saved. */
  saved: Answer | null;
  category: string;
  share: ShareFlow;
  navigate: NavigateFunction;
  onDelete: () => void;
  /** Opens "Write for another day" (journal entries). */
  onAnotherDay: () => void;
};

/** The prompt title's action sheet (SPEC §2 answer screens, §4 Sharing), in its order. */
export function answerSheetActions(context: SheetContext): SheetAction[] {
  const { draft, saved, category, share, navigate, onDelete, onAnotherDay } = context;
  const isJournal = draft.prompt_id === null;
  const actions: SheetAction[] = [];
  if (isJournal) {
    // More than one entry a day, and an entry for an earlier day (decision 058).
    actions.push({
      label: 'New entry',
      onSelect: () => {
        const { to, state } = newJournalEntry();
        void navigate(to, { state });
      },
    });
    actions.push({ label: 'Write for another day…', onSelect: onAnotherDay });
  }
  if (!isJournal) {
    actions.push({
      label: 'New random prompt',
      onSelect: () => {
        const within = isPseudoCategory(category) ? ALL : category;
        const prompt = pickPromptFor(within);
        if (!prompt) return;
        setState({ category: within });
        void navigate(promptPath(prompt._id), { replace: category !== ANSWERS });
      },
    });
  }
  actions.push({
    label: isJournal ? 'My journal entries' : 'My answers to this prompt',
    onSelect: () => void navigate(paths.answerSettings),
  });
  // SPEC §4 Sharing: Share (or Share to… and Unshare) once the answer is saved with text.
  actions.push(...share.actionsFor(saved));
  if (saved) {
    actions.push({ label: 'Download this answer', onSelect: () => downloadAnswers([saved]) });
    actions.push({ label: 'Delete answer', destructive: true, onSelect: onDelete });
  }
  return actions;
}
