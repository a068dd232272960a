import { useId } from 'react';
import { ModalDialog } from './modal-dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message?: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Styles the confirm button as a destructive action. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** SPEC §2 generic confirm dialog. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={message ? textId : undefined}
      role="alertdialog"
    >
      <div className="modal-body">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {message ? (
          <p id={textId} className="modal-text">
            {message}
          </p>
        ) : null}
        <div className="modal-actions">
          {/* biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself */}
          <button type="button" className="button button-quiet" autoFocus onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={destructive ? 'button button-danger' : 'button'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
