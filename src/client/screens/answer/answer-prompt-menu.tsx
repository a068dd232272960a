import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionSheet } from '#client/components/action-sheet.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { MoreIcon } from '#client/components/icons.tsx';
import type { ShareFlow } from '#client/components/use-share-flow.tsx';
import { saveDraftIfChanged } from '#client/state/answers/answer-draft.ts';
import { deleteAnswer } from '#client/state/answers/writes.ts';
import { showStatus } from '#client/state/store/status.ts';
import type { Answer } from '#shared/api/answers.ts';
import { newJournalEntry } from './answer-route.ts';
import { answerSheetActions } from './answer-sheet-actions.ts';
import { JournalDayDialog } from './journal-day-dialog.tsx';

type AnswerPromptMenuProps = {
  draft: Answer;
  saved: Answer | null;
  category: string;
  share: ShareFlow;
  /** Where deleting the answer leads. */
  afterDelete: string;
};

/**
 * The prompt's title as the page heading, a button that opens this answer's action sheet
 * (new prompt, my answers, share, download, delete), and the question before deleting.
 */
export function AnswerPromptMenu({
  draft,
  saved,
  category,
  share,
  afterDelete,
}: AnswerPromptMenuProps) {
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [dayOpen, setDayOpen] = useState(false);
  const isJournal = draft.prompt_id === null;
  const actions = answerSheetActions({
    draft,
    saved,
    category,
    share,
    navigate,
    onDelete: () => setConfirmOpen(true),
    onAnotherDay: () => setDayOpen(true),
  });

  const openSheet = () => {
    saveDraftIfChanged(); // SPEC §4: opening a menu saves
    setSheetOpen(true);
  };

  return (
    <>
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
      <ActionSheet
        open={sheetOpen}
        title={isJournal ? 'Journal entry' : 'This prompt'}
        subtitle={draft.prompt_title}
        actions={actions}
        onClose={() => setSheetOpen(false)}
      />
      <JournalDayDialog
        open={dayOpen}
        onCancel={() => setDayOpen(false)}
        onChoose={(day) => {
          setDayOpen(false);
          const { to, state } = newJournalEntry(day);
          void navigate(to, { state });
        }}
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
          void navigate(afterDelete, { replace: true });
        }}
      />
    </>
  );
}
