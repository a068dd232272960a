import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isPseudoCategory, PSEUDO_CATEGORIES } from '../../../shared/domain/categories.ts';
import { formatDate } from '../../../shared/domain/date-format.ts';
import { MAX_ANSWER_TEXT } from '../../../shared/domain/limits.ts';
import { ActionSheet, type SheetAction } from '../../components/action-sheet.tsx';
import { AppHeader, BackLink } from '../../components/app-header.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MoreIcon } from '../../components/icons.tsx';
import { useShareFlow } from '../../components/use-share-flow.tsx';
import { downloadAnswers } from '../../download-answers.ts';
import { answerPath, paths, promptPath, promptWorldPath } from '../../routes.ts';
import {
  openAnswer,
  pickPromptFor,
  saveDraftIfChanged,
  savedVersion,
} from '../../state/answer-draft.ts';
import { editorText } from '../../state/answer-sync.ts';
import { setState, useAppState } from '../../state/app-store.ts';
import { showStatus } from '../../state/status.ts';
import { deleteAnswer } from '../../state/writes.ts';
import { newerAnswer, nextAction } from './next-action.ts';
import { OnThisDay } from './on-this-day-card.tsx';
import { SaveStatus } from './save-status.tsx';
import { useAnswerSync } from './use-answer-sync.ts';
import { useSharedEdit } from './use-shared-edit.tsx';
import './answer-screen.css';

const { all: ALL, answers: ANSWERS } = PSEUDO_CATEGORIES;

export type AnswerEditorProps = {
  /**
   * Editing one answer at its own address (/answer/a/{id}): the header offers Save (and
   * Ctrl/⌘+Enter saves) instead of Next, and nothing moves to another answer.
   */
  edit?: { backTo: string; backLabel: string; onSave: () => void };
};

/**
 * The current answer being written: category and Next/Done in the header, the prompt title that
 * opens the action sheet, and the text (SPEC §2 answer screens, §4 Next button).
 */
export function AnswerEditor({ edit }: AnswerEditorProps = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const draft = useAppState((s) => s.answer);
  const answers = useAppState((s) => s.answers);
  const category = useAppState((s) => s.category);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const textId = useId();
  const hintId = useId();
  const statusId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const share = useShareFlow();
  const sync = useAnswerSync(draft, textRef);
  const saved = draft ? savedVersion({ answers }, draft) : null;
  // Decision 015: a shared answer shows so, and its first edit asks about the world's copy.
  const sharedEdit = useSharedEdit(draft, saved, share.unshare);
  if (!draft) return null;

  const isJournal = draft.prompt_id === null;
  const inAnswers = category === ANSWERS;
  const newer = inAnswers ? newerAnswer(answers, draft) : null;
  const next = nextAction({ category, text: editorText(), changed: sync.view.edited, newer });
  const backTo = edit?.backTo ?? (inAnswers ? paths.past : paths.categories);
  const backLabel = edit?.backLabel ?? (inAnswers ? 'Back to my answers' : 'Back to categories');

  const onNext = () => {
    switch (next.kind) {
      case 'needs-text':
        textRef.current?.focus();
        return;
      case 'streak':
        saveDraftIfChanged();
        // The streak screen offers how others answered the prompt just finished (decision 023).
        void navigate(paths.streak, {
          state: draft.prompt_id ? { answeredPromptId: draft.prompt_id } : undefined,
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

  const openSheet = () => {
    saveDraftIfChanged(); // SPEC §4: opening a menu saves
    setSheetOpen(true);
  };

  const actions: SheetAction[] = [];
  if (!isJournal) {
    actions.push({
      label: 'New random prompt',
      onSelect: () => {
        const within = isPseudoCategory(category) ? ALL : category;
        const prompt = pickPromptFor(within);
        if (!prompt) return;
        setState({ category: within });
        void navigate(promptPath(prompt._id), { replace: !inAnswers });
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
    actions.push({
      label: 'Delete answer',
      destructive: true,
      onSelect: () => setConfirmOpen(true),
    });
  }

  const { words } = sync.view;
  return (
    <>
      <AppHeader
        title={category}
        titleIsHeading={false}
        start={<BackLink to={backTo} label={backLabel} />}
        end={
          edit ? (
            <button type="button" className="button next-button" onClick={edit.onSave}>
              Save
            </button>
          ) : (
            <button
              type="button"
              className="button next-button"
              aria-disabled={next.kind === 'needs-text' ? 'true' : undefined}
              aria-describedby={next.kind === 'needs-text' ? hintId : undefined}
              onClick={onNext}
            >
              {next.label}
            </button>
          )
        }
      />
      <main className="page answer-page">
        <h1 className="answer-prompt" tabIndex={-1}>
          <button
            type="button"
            className="answer-prompt-button"
            aria-haspopup="dialog"
            onClick={openSheet}
          >
            {draft.prompt_title}
            <span className="answer-prompt-more">
              <MoreIcon />
            </span>
            <span className="visually-hidden"> (more actions)</span>
          </button>
        </h1>
        <p className="answer-meta">
          {saved ? `Written ${formatDate(saved.answered)}` : 'A new answer'}
          <span aria-hidden="true"> · </span>
          {words === 1 ? '1 word' : `${words} words`}
        </p>
        {sharedEdit.badge}
        <label htmlFor={textId} className="visually-hidden">
          Your answer
        </label>
        <textarea
          id={textId}
          ref={textRef}
          className={sync.view.long ? 'answer-text answer-text-long' : 'answer-text'}
          defaultValue={editorText()}
          readOnly={!sync.view.ready}
          maxLength={MAX_ANSWER_TEXT}
          placeholder={isJournal ? 'Write freely…' : 'Take a breath, then write…'}
          onInput={(event) => {
            sync.onInput(event);
            sharedEdit.onEdit();
          }}
          onKeyDown={(event) => {
            if (edit && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              edit.onSave();
            }
          }}
          aria-describedby={next.kind === 'needs-text' ? `${hintId} ${statusId}` : statusId}
        />
        <div className="answer-under">
          <SaveStatus id={statusId} />
          {edit ? (
            <p className="answer-hint">Save with Ctrl+Enter (⌘+Enter on a Mac).</p>
          ) : next.kind === 'needs-text' ? (
            <p id={hintId} className="answer-hint">
              Write something to finish.
            </p>
          ) : null}
        </div>
        <OnThisDay answers={answers} current={draft} linkTo={answerPath} />
        {/* Once answered (now or before), how others answered it: the server's rule (023). */}
        {draft.prompt_id &&
        answers.some((a) => a.prompt_id === draft.prompt_id && a.text.trim() !== '') ? (
          <p className="answer-others">
            <Link to={promptWorldPath(draft.prompt_id)}>See how others answered this</Link>
          </p>
        ) : null}
      </main>
      <ActionSheet
        open={sheetOpen}
        title={isJournal ? 'Journal entry' : 'This prompt'}
        subtitle={draft.prompt_title}
        actions={actions}
        onClose={() => setSheetOpen(false)}
      />
      <ConfirmDialog
        open={confirmOpen}
        title="Delete this answer?"
        message="It will be gone from your journal for good."
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          deleteAnswer(draft._id);
          showStatus('Answer deleted');
          void navigate(edit?.backTo ?? (inAnswers ? paths.past : paths.categories), {
            replace: true,
          });
        }}
      />
      {share.dialogs}
      {sharedEdit.dialog}
    </>
  );
}
