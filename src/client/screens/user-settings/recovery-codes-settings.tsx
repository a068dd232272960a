import { type FormEvent, useId, useState } from 'react';
import { PasswordRow } from '#client/components/password-row.tsx';
import { regenerateRecoveryCodes } from '#client/state/account/recovery.ts';
import { useRecoveryMethods } from '#client/state/account/use-recovery-methods.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';

/**
 * Without e-mail on the server, recovery codes are the way back in (decision 014): new ones,
 * after the password, replace the old ones and show once in the recovery-codes dialog.
 */
export function RecoveryCodesSettings() {
  const [methods] = useRecoveryMethods();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  if (methods.kind !== 'ready' || methods.email) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(MESSAGES.password);
      return;
    }
    setBusy(true);
    const failure = await regenerateRecoveryCodes(password);
    setBusy(false);
    setError(failure ?? '');
    if (!failure) setPassword('');
  };

  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-title">
        Recovery codes
      </h2>
      <p id={hintId} className="form-hint">
        If you forget your password, a recovery code lets you choose a new one. Lost your codes or
        used some? Make new ones: the old ones stop working.
      </p>
      <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordRow
          id={inputId}
          label="Your password"
          value={password}
          describedBy={`${hintId} ${errorId}`}
          invalid={error !== ''}
          onChange={(value) => {
            setPassword(value);
            setError('');
          }}
        />
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            aria-disabled={password === '' || busy}
            aria-busy={busy}
          >
            Make new codes
          </button>
        </div>
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}
