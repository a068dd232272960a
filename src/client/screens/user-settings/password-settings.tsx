import { type FormEvent, useId, useRef, useState } from 'react';
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
        <div className="form-row">
          <label className="form-label" htmlFor={ids.current}>
            Current password
          </label>
          <input
            ref={currentRef}
            id={ids.current}
            className="field"
            type="password"
            autoComplete="current-password"
            value={current}
            aria-describedby={ids.error}
            aria-invalid={error && current === '' ? true : undefined}
            onChange={(event) => {
              setCurrent(event.target.value);
              setError('');
            }}
          />
        </div>
        <div className="form-row">
          <label className="form-label" htmlFor={ids.next}>
            New password
          </label>
          <input
            ref={nextRef}
            id={ids.next}
            className="field"
            type="password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            value={next}
            aria-describedby={`${ids.hint} ${ids.error}`}
            onChange={(event) => {
              setNext(event.target.value);
              setError('');
            }}
          />
          <p id={ids.hint} className="form-hint">
            At least {MIN_PASSWORD_LENGTH} characters. Your other devices will be signed out.
          </p>
        </div>
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
