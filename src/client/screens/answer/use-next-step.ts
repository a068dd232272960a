import type { RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths, promptPath } from '#client/routes.ts';
import {
  openAnswer,
  pickPromptFor,
  saveDraftIfChanged,
} from '#client/state/answers/answer-draft.ts';
import { editorText } from '#client/state/answers/answer-sync.ts';
import type { Answer } from '#shared/api/answers.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { newerAnswer, nextAction } from './next-action.ts';
import { useEditorView } from './use-answer-sync.ts';

const { answers: ANSWERS } = PSEUDO_CATEGORIES;

/**
 * What the header's Next/Done does now (SPEC §4 Next button) and the handler that does it.
 * Depends on whether there is text and whether it was edited, not on the text itself: typing
 * re-renders the header only when one of those two flips.
 */
export function useNextStep(
  draft: Answer,
  answers: readonly Answer[],
  category: string,
  textRef: RefObject<HTMLTextAreaElement | null>,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasText = useEditorView('hasText');
  const edited = useEditorView('edited');
  const newer = category === ANSWERS ? newerAnswer(answers, draft) : null;
  const text = hasText ? editorText() : '';
  const next = nextAction({ category, text, changed: edited, newer });

  const onNext = () => {
    switch (next.kind) {
      case 'needs-text':
        textRef.current?.focus();
        return;
      case 'streak':
        saveDraftIfChanged();
        // The streak screen offers how others answered the prompt just finished (decision 023),
        // and sharing the answer just finished (issue 35 point 2).
        void navigate(paths.streak, {
          state: { answeredPromptId: draft.prompt_id ?? undefined, answeredId: draft._id },
        });
        return;
      case 'next-answer':
        saveDraftIfChanged();
        openAnswer(next.answer, ANSWERS);
        if (location.pathname !== paths.answer) void navigate(paths.answer, { replace: true });
        return;
      case 'back':
        saveDraftIfChanged();
        void navigate(paths.past);
        return;
      case 'random': {
        const prompt = pickPromptFor(category);
        if (prompt) void navigate(promptPath(prompt._id), { replace: true });
        return;
      }
    }
  };
  return { next, onNext };
}
