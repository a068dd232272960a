import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../shared/domain/validation-messages.ts';
import { passcodeDigits } from '../state/account-rules.ts';
import { getState, useAppState } from '../state/app-store.ts';
import { tryPasscode } from '../state/passcode-lock.ts';
import { showStatus } from '../state/status.ts';
import './account-form.css';
import './modal-dialog.css';
import './passcode-modal.css';

/**
 * SPEC §2 Modals / §4 passcode: 4 digits, checked as soon as the fourth is typed. It cannot be
 * closed until the code matches: `closedby="none"` and a swallowed Escape keep close requests
 * away (Chrome otherwise closes a modal on Escape when the page has had no user activation,
 * which is every fresh load), and should a browser close it anyway it opens again at once.
 * When it asks is decided in state/passcode-lock.ts.
 */
export function PasscodeModal() {
  const locked = useAppState((s) => s.locked);
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Not a JSX prop React knows yet: browsers that support it ignore Escape and light dismiss.
    dialog.setAttribute('closedby', 'none');
    if (locked && !dialog.open) {
      setValue('');
      setError('');
      dialog.showModal();
      inputRef.current?.focus();
    } else if (!locked && dialog.open) {
      dialog.close();
    }
  }, [locked]);

  const onChange = (typed: string) => {
    const digits = passcodeDigits(typed);
    setValue(digits);
    if (digits.length < 4) {
      if (digits.length > 0) setError('');
      return;
    }
    if (tryPasscode(digits)) {
      setValue('');
      setError('');
      showStatus(MESSAGES.success);
    } else {
      // SPEC §5/§8: 'Passcode does not match'; the field empties for the next try.
      setValue('');
      setError(MESSAGES.passcodeMismatch);
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal passcode-modal"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
      }}
      onClose={() => {
        if (getState().locked) ref.current?.showModal();
      }}
    >
      {locked ? (
        <div className="modal-body passcode-body">
          <h2 id={titleId} className="modal-title">
            Enter your passcode
          </h2>
          <p id={textId} className="modal-text">
            Your journal is locked with a 4-digit passcode.
          </p>
          <label htmlFor={inputId} className="visually-hidden">
            Passcode
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="field passcode-field"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={4}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${textId} ${inputId}-error`}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${inputId}-error`} className="form-error passcode-error" role="alert">
            {error}
          </p>
        </div>
      ) : null}
    </dialog>
  );
}
