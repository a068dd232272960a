import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { useAppState } from '#client/state/store/app-store.ts';
import { useStoreSelector } from '#client/state/store/store.ts';
import {
  answerWorldCopyQuestion,
  type WorldCopyChoice,
  type WorldCopyQuestionState,
  worldCopyQuestion,
} from '#client/state/world/shared-copy.ts';
import './update-shared-dialog.css';

export type SharedEditAnswer = WorldCopyChoice;

export type UpdateSharedDialogProps = {
  open: boolean;
  anonymous: boolean;
  name: string;
  /** Which answer: the question may come on the screen the person went on to. */
  title: string;
  onChoose: (choice: SharedEditAnswer) => void;
};

/**
 * Asked once an editing session of a shared answer is done with it (decision 015, issue 35
 * point 4). Closing it (Escape, the backdrop) keeps the world's copy: the world never changes
 * unless chosen. Focus goes to its title, not to a button: a key pressed on the way (Enter after
 * Ctrl, a letter still typed) cannot pick a choice.
 */
export function UpdateSharedDialog({
  open,
  anonymous,
  name,
  title,
  onChoose,
}: UpdateSharedDialogProps) {
  const titleId = useId();
  const textId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!open) return;
    // After the dialog's showModal(), which would focus the first button.
    const frame = requestAnimationFrame(() => titleRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const who = anonymous ? 'anonymously' : `as ${name}`;
  return (
    <ModalDialog
      open={open}
      onClose={() => onChoose('keep')}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
    >
      <div className="modal-body">
        <h2 id={titleId} ref={titleRef} className="modal-title" tabIndex={-1}>
          Update the shared copy too?
        </h2>
        <p id={textId} className="modal-text">
          Your answer to “{title}” is shared with the world {who}. Your changes are saved and stay
          private unless you update the world's copy.
        </p>
        <div className="update-shared-choices">
          <button type="button" className="button" onClick={() => onChoose('update')}>
            Update
          </button>
          <button type="button" className="button button-quiet" onClick={() => onChoose('keep')}>
            Keep the world's copy
          </button>
          <button type="button" className="button button-quiet" onClick={() => onChoose('unshare')}>
            Unshare
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

const askingNow = (q: WorldCopyQuestionState) => q.asking;

/** The app's one "Update the shared copy too?", wherever the person is when it is asked. */
export function WorldCopyQuestion() {
  const asking = useStoreSelector(worldCopyQuestion, askingNow);
  const name = useAppState((s) => s.user.name);
  return (
    <UpdateSharedDialog
      open={asking !== null}
      anonymous={asking?.anonymous ?? false}
      name={name}
      title={asking?.title ?? ''}
      onChoose={(choice) => void answerWorldCopyQuestion(choice)}
    />
  );
}
