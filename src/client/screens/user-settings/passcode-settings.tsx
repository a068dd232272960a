import { type FormEvent, useId, useState } from 'react';
import { savePasscode } from '#client/state/account.ts';
import { passcodeDigits } from '#client/state/account-rules.ts';
import { useAppState } from '#client/state/app-store.ts';
import { isValidPasscode } from '#shared/domain/validation-messages.ts';

/** SPEC §6/§9: a named user sets a 4-digit passcode (asked when the app opens) or removes it. */
export function PasscodeSettings() {
  const hasCode = useAppState((s) => s.user.code !== null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const run = async (next: string) => {
    if (busy) return;
    setBusy(true);
    const failure = await savePasscode(next);
    setBusy(false);
    setError(failure ?? '');
    if (!failure) setCode('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPasscode(code)) {
      setError('The passcode is exactly 4 digits');
      return;
    }
    void run(code);
  };

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
      <form className="form-stack" noValidate onSubmit={onSubmit}>
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
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setCode(passcodeDigits(event.target.value));
              setError('');
            }}
          />
        </div>
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            aria-disabled={!isValidPasscode(code) || busy}
            aria-busy={busy}
          >
            {hasCode ? 'Change passcode' : 'Set passcode'}
          </button>
          {hasCode ? (
            <button
              type="button"
              className="button button-quiet"
              aria-busy={busy}
              onClick={() => void run('')}
            >
              Remove passcode
            </button>
          ) : null}
        </div>
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}
