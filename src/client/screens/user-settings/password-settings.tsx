import { type FormEvent, useId, useRef, useState } from 'react';
import { PasswordRow } from '#client/components/password-row.tsx';
import { MIN_PASSWORD_LENGTH } from '#client/state/account/account-rules.ts';
import { changePassword, changePasswordProblem } from '#client/state/account/recovery.ts';

/**
 * "Change password" (issue 34 point 4): the current password, then the new one. Before, the only
 * way to a new password was a reset link or a recovery code. The server checks the current one
 * like a login and signs every other device out.
 */
export function PasswordSettings() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), current: useId(), next: useId(), hint: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = changePasswordProblem(current, next);
    if (problem) {
      setError(problem);
      (current === '' ? currentRef : nextRef).current?.focus();
      return;
    }
    setBusy(true);
    const failure = await changePassword(current, next);
    setBusy(false);
    setError(failure ?? '');
    setCurrent('');
    if (!failure) setNext('');
    else currentRef.current?.focus();
  };

  const problem = changePasswordProblem(current, next);
  return (
    <section className="card settings-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="settings-title">
        Password
      </h2>
      <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordRow
          id={ids.current}
          label="Current password"
          inputRef={currentRef}
          value={current}
          describedBy={ids.error}
          invalid={error !== '' && current === ''}
          onChange={(value) => {
            setCurrent(value);
            setError('');
          }}
        />
        <PasswordRow
          id={ids.next}
          label="New password"
          inputRef={nextRef}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          value={next}
          describedBy={`${ids.hint} ${ids.error}`}
          onChange={(value) => {
            setNext(value);
            setError('');
          }}
        >
          <p id={ids.hint} className="form-hint">
            At least {MIN_PASSWORD_LENGTH} characters. Your other devices will be signed out.
          </p>
        </PasswordRow>
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            aria-disabled={problem !== null || busy}
            aria-busy={busy}
          >
            Change password
          </button>
        </div>
        <p id={ids.error} className="form-error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}
