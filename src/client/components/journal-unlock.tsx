import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { logOut } from '../state/account/account.ts';
import { recoverJournal, unlockJournal } from '../state/account/journal-lock.ts';
import { useTitle } from '../use-title.ts';
import './account-form.css';
import './journal-unlock.css';

/**
 * The unlock screen (issue 37): an account whose entries are encrypted, on a device that does not
 * hold the key — signed in another way than by password, the key forgotten by the browser, or
 * encryption turned on from another device. The password opens the journal; after a password
 * reset, the recovery key does (and the key is wrapped again for the new password). Like the
 * passcode lock, it is all the layout shows: nothing of the journal could be read or sent.
 */
export function JournalUnlock({ onSignedOut }: { onSignedOut: () => void }) {
  useTitle('Unlock your journal');
  const [recovering, setRecovering] = useState(false);
  const [password, setPassword] = useState('');
  const [recoveryKey, setRecoveryKey] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), text: useId(), password: useId(), key: useId(), error: useId() };

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if ((recovering && recoveryKey.trim() === '') || password === '') {
      setError(
        recovering && recoveryKey.trim() === ''
          ? 'Please enter your recovery key'
          : 'Please enter your password',
      );
      firstRef.current?.focus();
      return;
    }
    setBusy(true);
    const failure = recovering
      ? await recoverJournal(recoveryKey, password)
      : await unlockJournal(password);
    setBusy(false);
    if (failure) {
      setError(failure);
      firstRef.current?.focus();
    }
  };

  const switchTo = (recovery: boolean) => {
    setRecovering(recovery);
    setError('');
    setPassword('');
    headingRef.current?.focus();
  };

  return (
    <main className="page journal-unlock">
      <section className="card journal-unlock-card" aria-labelledby={ids.heading}>
        <h1 id={ids.heading} ref={headingRef} tabIndex={-1} className="journal-unlock-title">
          {recovering ? 'Use your recovery key' : 'Unlock your journal'}
        </h1>
        <p id={ids.text} className="journal-unlock-text">
          {recovering
            ? 'Your recovery key opens your encrypted entries after a new password. Enter it with the password you sign in with now.'
            : 'Your private entries are encrypted. Enter your password to open them on this device, or your recovery key if you have forgotten it.'}
        </p>
        <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          {recovering ? (
            <div className="form-row">
              <label className="form-label" htmlFor={ids.key}>
                Recovery key
              </label>
              <input
                ref={firstRef}
                id={ids.key}
                className="field journal-unlock-key"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={recoveryKey}
                aria-describedby={ids.error}
                onChange={(event) => {
                  setRecoveryKey(event.target.value);
                  setError('');
                }}
              />
            </div>
          ) : null}
          <div className="form-row">
            <label className="form-label" htmlFor={ids.password}>
              {recovering ? 'Your password now' : 'Password'}
            </label>
            <input
              ref={recovering ? undefined : firstRef}
              id={ids.password}
              className="field"
              type="password"
              autoComplete="current-password"
              value={password}
              aria-describedby={ids.error}
              aria-invalid={error && !recovering ? true : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="button" aria-busy={busy} aria-disabled={busy}>
              {busy ? 'Opening…' : 'Unlock'}
            </button>
          </div>
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        </form>
        <div className="journal-unlock-other">
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() => switchTo(!recovering)}
          >
            {recovering ? 'Use my password instead' : 'Use my recovery key'}
          </button>
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() =>
              void logOut().then((outcome) => {
                if (outcome.kind === 'logged-out') onSignedOut();
                else if (outcome.kind === 'failed' && outcome.message) setError(outcome.message);
                else if (outcome.kind === 'unsent')
                  setError('Some entries have not reached Müse yet: unlock to send them first.');
              })
            }
          >
            Sign out
          </button>
        </div>
      </section>
    </main>
  );
}
