import { useId } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
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
 * (Escape, the backdrop) keeps the world's copy: the world never changes unless chosen.
 */
export function UpdateSharedDialog({ open, anonymous, name, onChoose }: UpdateSharedDialogProps) {
  const titleId = useId();
  const textId = useId();
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
        <h2 id={titleId} className="modal-title">
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
          <button
            type="button"
            className="button button-quiet"
            // biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself; the safe choice
            autoFocus
            onClick={() => onChoose('keep')}
          >
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
