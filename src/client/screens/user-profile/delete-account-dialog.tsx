import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { deleteAccount } from '#client/state/account/account.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import '#client/components/account-form.css';

export type DeleteAccountDialogProps = {
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * "Delete my account": erases the account and everything it owns, on the server and here.
 * Named users give their password again; an anonymous user only confirms.
 */
export function DeleteAccountDialog({ open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const named = useAppState((s) => s.user.name !== '');
  const loading = useAppState((s) => s.loading);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const titleId = useId();
  const textId = useId();
  const passwordId = useId();

  const close = () => {
    setPassword('');
    setError('');
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (named && !password) {
      setError('Please enter your password');
      return;
    }
    const failure = await deleteAccount(named ? password : undefined);
    if (failure) {
      setError(failure);
      setPassword('');
      return;
    }
    setPassword('');
    setError('');
    onDeleted();
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
    >
      <form className="modal-body form-stack" noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="modal-title">
          Delete your account?
        </h2>
        <p id={textId} className="modal-text">
          {named
            ? 'Your account, every answer and prompt you wrote and your picture are erased for good, here and on our server. Please enter your password to confirm.'
            : 'Every answer and prompt you wrote is erased for good, here and on our server.'}
        </p>
        {named ? (
          <div className="form-row">
            <label className="form-label" htmlFor={passwordId}>
              Password
            </label>
            <input
              id={passwordId}
              className="field"
              type="password"
              autoComplete="current-password"
              value={password}
              // biome-ignore lint/a11y/noAutofocus: a dialog must move focus into itself
              autoFocus
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
          </div>
        ) : null}
        <p className="form-error" role="alert">
          {error}
        </p>
        <div className="modal-actions">
          <button
            type="button"
            className="button button-quiet"
            // biome-ignore lint/a11y/noAutofocus: the safe choice takes focus when no field does
            autoFocus={!named}
            onClick={close}
          >
            Cancel
          </button>
          <button type="submit" className="button button-danger" aria-busy={loading}>
            Delete my account
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
