import { useId, useRef } from 'react';
import { useShareFlow } from '#client/components/use-share-flow.tsx';
import { answerPath, paths } from '#client/routes.ts';
import { savedVersion } from '#client/state/answers/answer-draft.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import type { Answer } from '#shared/api/answers.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { AnswerHeader } from './answer-header.tsx';
import { AnswerMeta } from './answer-meta.tsx';
import { AnswerPromptMenu } from './answer-prompt-menu.tsx';
import { AnswerTextBox } from './answer-text-box.tsx';
import { OnThisDay } from './on-this-day-card.tsx';
import { OthersAnsweredLink } from './others-answered-link.tsx';
import { PhotoField } from './photo-field.tsx';
import { TagField } from './tag-field.tsx';
import { useAnswerSession } from './use-answer-sync.ts';
import { useNextStep } from './use-next-step.ts';
import { useSharedEdit } from './use-shared-edit.tsx';
import './answer-screen.css';

export type AnswerEditorProps = {
  /**
   * Editing one answer at its own address (/answer/a/{id}): the header offers Save (and
   * Ctrl/⌘+Enter saves) instead of Next, and nothing moves to another answer.
   */
  edit?: { backTo: string; backLabel: string; onSave: () => void };
  /** Takes over what was typed into /answer/today's box before the editor was ready. */
  catchEarly?: boolean;
};

/**
 * The current answer being written: category and Next/Done in the header, the prompt title that
 * opens the action sheet, and the text (SPEC §2 answer screens, §4 Next button). Typing renders
 * none of this: the text box, word count and save status each follow their own part of the
 * editor's view (decision 027).
 */
export function AnswerEditor({ edit, catchEarly = false }: AnswerEditorProps = {}) {
  const draft = useAppState((s) => s.answer);
  return draft ? <EditorFor draft={draft} edit={edit} catchEarly={catchEarly} /> : null;
}

function EditorFor({ draft, edit, catchEarly = false }: AnswerEditorProps & { draft: Answer }) {
  const answers = useAppState((s) => s.answers);
  const category = useAppState((s) => s.category);
  const ids = { text: useId(), hint: useId(), status: useId() };
  const textRef = useRef<HTMLTextAreaElement>(null);
  const share = useShareFlow();
  useAnswerSession(draft);
  const saved = savedVersion({ answers }, draft);
  // Decision 015: a shared answer shows so, and a session that changed it asks about the world's
  // copy once done with it (Save, or leaving: issue 35 point 4).
  const sharedEdit = useSharedEdit(draft, saved, share.unshare);
  const onSave = edit
    ? () => {
        edit.onSave();
        sharedEdit.onSaved();
      }
    : undefined;
  const { next, onNext } = useNextStep(draft, answers, category, textRef);
  const isJournal = draft.prompt_id === null;
  const inAnswers = category === PSEUDO_CATEGORIES.answers;
  const backTo = edit?.backTo ?? (inAnswers ? paths.past : paths.categories);
  const backLabel = edit?.backLabel ?? (inAnswers ? 'Back to my answers' : 'Back to categories');

  return (
    <>
      <AnswerHeader
        category={category}
        back={{ to: backTo, label: backLabel }}
        onSave={onSave}
        next={next}
        onNext={onNext}
        hintId={ids.hint}
      />
      <main className="page answer-page">
        <AnswerPromptMenu
          draft={draft}
          saved={saved}
          category={category}
          share={share}
          afterDelete={backTo}
        />
        <AnswerMeta saved={saved} />
        {sharedEdit.badge}
        <AnswerTextBox
          answerId={draft._id}
          catchEarly={catchEarly}
          textRef={textRef}
          ids={{ text: ids.text, status: ids.status }}
          placeholder={isJournal ? 'Write freely…' : 'Take a breath, then write…'}
          onEdit={sharedEdit.onEdit}
          onSave={onSave}
          // Issue 35 point 3: Ctrl/⌘+Enter finishes as Done does, a new Daily answer included.
          onFinish={next.label === 'Done' && next.kind !== 'needs-text' ? onNext : undefined}
          needsTextHintId={next.kind === 'needs-text' ? ids.hint : undefined}
        />
        <TagField tags={draft.tags ?? []} />
        <PhotoField key={draft._id} answerId={draft._id} />
        <OnThisDay answers={answers} current={draft} linkTo={answerPath} />
        <OthersAnsweredLink promptId={draft.prompt_id} answers={answers} />
      </main>
      {share.dialogs}
    </>
  );
}
