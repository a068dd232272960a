import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { savePasscode } from '#client/state/account/account.ts';
import '#client/components/account-form.css';

/** The server's words too, when neither was given. */
export const NEEDS_CURRENT = 'Please enter your passcode or your password';

export type RemovePasscodeDialogProps = { open: boolean; onClose: () => void };

/**
 * "Remove passcode": the lock goes only for someone who can open it — the current passcode or
 * the account's password, checked by the server (issue 34 point 4).
 */
export function RemovePasscodeDialog({ open, onClose }: RemovePasscodeDialogProps) {
  const [proof, setProof] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();
  const fieldId = useId();
  const errorId = useId();

  const close = () => {
    setProof('');
    setError('');
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (proof === '') {
      setError(NEEDS_CURRENT);
      return;
    }
    setBusy(true);
    const failure = await savePasscode('', proof);
    setBusy(false);
    setProof('');
    if (failure) {
      setError(failure);
      return;
    }
    close();
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
    >
      <form className="modal-body form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 id={titleId} className="modal-title">
          Remove the passcode?
        </h2>
        <p id={textId} className="modal-text">
          Müse will open without asking for it. Enter your passcode or your password to confirm.
        </p>
        <div className="form-row">
          <label className="form-label" htmlFor={fieldId}>
            Passcode or password
          </label>
          <input
            id={fieldId}
            className="field"
            type="password"
            autoComplete="off"
            value={proof}
            aria-describedby={errorId}
            aria-invalid={error ? true : undefined}
            // biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself
            autoFocus
            onChange={(event) => {
              setProof(event.target.value);
              setError('');
            }}
          />
        </div>
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
        <div className="modal-actions">
          <button type="button" className="button button-quiet" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" aria-busy={busy}>
            Remove passcode
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
