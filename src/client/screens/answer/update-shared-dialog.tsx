import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import './update-shared-dialog.css';

export type SharedEditAnswer = 'update' | 'keep' | 'unshare';

export type UpdateSharedDialogProps = {
  open: boolean;
  anonymous: boolean;
  name: string;
  onChoose: (choice: SharedEditAnswer) => void;
};

/**
 * Asked at the first edit of a shared answer in an editing session (decision 015). Closing it
 * (Escape, the backdrop) keeps the world's copy: the world never changes unless chosen. It opens
 * while the person is typing, so focus goes to its title, not to a button: a space or a letter
 * typed on the way cannot pick a choice.
 */
export function UpdateSharedDialog({ open, anonymous, name, onChoose }: UpdateSharedDialogProps) {
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
          This answer is shared with the world {who}. Your changes stay private unless you update
          the world's copy.
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
