import { type FormEvent, useId, useState } from 'react';
import { savePasscode } from '#client/state/account/account.ts';
import { passcodeDigits } from '#client/state/account/account-rules.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { isValidPasscode } from '#shared/domain/validation-messages.ts';
import { NEEDS_CURRENT, RemovePasscodeDialog } from './remove-passcode-dialog.tsx';

/**
 * SPEC §6/§9: a named user sets a 4-digit passcode (asked when the app opens). Changing or
 * removing one that is set asks for that passcode or the account's password first (issue 34
 * point 4): a screen left unlocked is no way to take the lock off.
 */
export function PasscodeSettings() {
  const hasCode = useAppState((s) => s.user.code !== null);
  const [code, setCode] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const currentId = useId();
  const hintId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (hasCode && current === '') {
      setError(NEEDS_CURRENT);
      return;
    }
    if (!isValidPasscode(code)) {
      setError('The passcode is exactly 4 digits');
      return;
    }
    setBusy(true);
    const failure = await savePasscode(code, hasCode ? current : undefined);
    setBusy(false);
    setError(failure ?? '');
    setCurrent('');
    if (!failure) setCode('');
  };

  const ready = isValidPasscode(code) && (!hasCode || current !== '');
  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-title">
        Passcode
      </h2>
      <p id={hintId} className="form-hint">
        {hasCode
          ? 'Your journal asks for your passcode each time Müse opens, and after 5 minutes away.'
          : 'Lock your journal with 4 digits, asked each time Müse opens and after 5 minutes away.'}
      </p>
      <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        {hasCode ? (
          <div className="form-row">
            <label className="form-label" htmlFor={currentId}>
              Current passcode or password
            </label>
            <input
              id={currentId}
              className="field"
              type="password"
              autoComplete="off"
              value={current}
              aria-describedby={errorId}
              aria-invalid={error && current === '' ? true : undefined}
              onChange={(event) => {
                setCurrent(event.target.value);
                setError('');
              }}
            />
          </div>
        ) : null}
        <div className="form-row">
          <label className="form-label" htmlFor={inputId}>
            {hasCode ? 'New passcode' : 'Passcode'}
          </label>
          <input
            id={inputId}
            className="field settings-passcode"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={4}
            value={code}
            aria-describedby={`${hintId} ${errorId}`}
            aria-invalid={error && !isValidPasscode(code) ? true : undefined}
            onChange={(event) => {
              setCode(passcodeDigits(event.target.value));
              setError('');
            }}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" aria-disabled={!ready || busy} aria-busy={busy}>
            {hasCode ? 'Change passcode' : 'Set passcode'}
          </button>
          {hasCode ? (
            <button
              type="button"
              className="button button-quiet"
              aria-haspopup="dialog"
              onClick={() => setRemoving(true)}
            >
              Remove passcode
            </button>
          ) : null}
        </div>
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      </form>
      <RemovePasscodeDialog open={removing} onClose={() => setRemoving(false)} />
    </section>
  );
}
