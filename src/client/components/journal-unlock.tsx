import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { KeyBundle } from '#shared/api/encryption.ts';
import { logOut } from '../state/account/account.ts';
import {
  forfeitEncryptedEntries,
  recoverJournal,
  unlockJournal,
} from '../state/account/journal-lock.ts';
import { passkeyUnlockable, unlockJournalByPasskey } from '../state/account/passkeys.ts';
import { useTitle } from '../use-title.ts';
import { PasswordRow } from './password-row.tsx';
import './account-form.css';
import './journal-unlock.css';

/** How the person opens the journal: the password, the recovery key, or by giving them up. */
type Way = 'password' | 'recovery' | 'forfeit';

const HEADINGS: Record<Way, string> = {
  password: 'Unlock your journal',
  recovery: 'Use your recovery key',
  forfeit: 'Start again without them',
};

const TEXTS: Record<Way, string> = {
  password:
    'Your private entries are encrypted. Enter your password to open them on this device, or your recovery key if you have forgotten it.',
  recovery:
    'Your recovery key opens your encrypted entries after a new password. Enter it with the password you sign in with now.',
  forfeit:
    'Without your earlier password or your recovery key, nobody can open your encrypted entries — not even Müse. You can delete them for good and go on writing; entries that were not encrypted stay.',
};

/** The password way's words when a passkey can open the journal too. */
const PASSWORD_OR_PASSKEY =
  'Your private entries are encrypted. Enter your password or use a passkey to open them on this device, or your recovery key if you have forgotten your password.';

/**
 * The unlock screen (issue 37): an account whose entries are encrypted, on a device that does not
 * hold the key — signed in another way than by password, the key forgotten by the browser, or
 * encryption turned on from another device. The password opens the journal, or a passkey added in
 * settings; after a password reset, the recovery key does (and the key is wrapped again for the
 * new password); with both lost, the person can delete the encrypted entries and go on. Like the
 * passcode lock, it is all the layout shows: nothing of the journal could be read or sent.
 */
export function JournalUnlock({ onSignedOut }: { onSignedOut: () => void }) {
  useTitle('Unlock your journal');
  const [way, setWay] = useState<Way>('password');
  const [password, setPassword] = useState('');
  const [recoveryKey, setRecoveryKey] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** The bundle, once it is known to hold passkeys this browser can ask. */
  const [passkeys, setPasskeys] = useState<KeyBundle | null>(null);
  /** While the passkey prompt is open. */
  const [asking, setAsking] = useState(false);
  /** Whether `error` is the passkey's (the password field is then not marked wrong). */
  const [passkeyFailed, setPasskeyFailed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const ids = {
    heading: useId(),
    text: useId(),
    password: useId(),
    key: useId(),
    confirm: useId(),
    error: useId(),
  };

  useEffect(() => {
    firstRef.current?.focus();
    let live = true;
    void passkeyUnlockable().then((bundle) => {
      if (live) setPasskeys(bundle);
    });
    return () => {
      live = false;
    };
  }, []);

  const byPasskey = async (bundle: KeyBundle) => {
    if (busy || asking) return;
    setAsking(true);
    setError('');
    const failure = await unlockJournalByPasskey(bundle);
    setAsking(false);
    setPasskeyFailed(failure !== null);
    if (failure) setError(failure);
  };

  const problem = (): string | null => {
    if (way === 'recovery' && recoveryKey.trim() === '') return 'Please enter your recovery key';
    if (password === '') return 'Please enter your password';
    if (way === 'forfeit' && !confirmed) return 'Please confirm that they are to be deleted';
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || asking) return;
    setPasskeyFailed(false);
    const first = problem();
    if (first) {
      setError(first);
      firstRef.current?.focus();
      return;
    }
    setBusy(true);
    const failure =
      way === 'recovery'
        ? await recoverJournal(recoveryKey, password)
        : way === 'forfeit'
          ? await forfeitEncryptedEntries(password)
          : await unlockJournal(password);
    setBusy(false);
    if (failure) {
      setError(failure);
      firstRef.current?.focus();
    }
  };

  const switchTo = (next: Way) => {
    setWay(next);
    setError('');
    setPassword('');
    setConfirmed(false);
    headingRef.current?.focus();
  };

  const submitLabel = busy
    ? way === 'forfeit'
      ? 'Deleting…'
      : 'Opening…'
    : way === 'forfeit'
      ? 'Delete them and go on'
      : 'Unlock';

  return (
    <main className="page journal-unlock">
      <section className="card journal-unlock-card" aria-labelledby={ids.heading}>
        <h1 id={ids.heading} ref={headingRef} tabIndex={-1} className="journal-unlock-title">
          {HEADINGS[way]}
        </h1>
        <p id={ids.text} className="journal-unlock-text">
          {way === 'password' && passkeys ? PASSWORD_OR_PASSKEY : TEXTS[way]}
        </p>
        <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          {way === 'recovery' ? (
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
          <PasswordRow
            id={ids.password}
            label={way === 'password' ? 'Password' : 'Your password now'}
            inputRef={way === 'recovery' ? undefined : firstRef}
            value={password}
            describedBy={ids.error}
            invalid={error !== '' && way === 'password' && !passkeyFailed}
            onChange={(value) => {
              setPassword(value);
              setError('');
            }}
          />
          {way === 'forfeit' ? (
            <div className="form-row journal-unlock-confirm">
              <input
                id={ids.confirm}
                type="checkbox"
                checked={confirmed}
                aria-describedby={ids.error}
                onChange={(event) => {
                  setConfirmed(event.target.checked);
                  setError('');
                }}
              />
              <label htmlFor={ids.confirm}>Delete my encrypted entries for good</label>
            </div>
          ) : null}
          <div className="form-actions">
            <button
              type="submit"
              className={way === 'forfeit' ? 'button button-danger' : 'button'}
              aria-busy={busy}
              aria-disabled={busy}
            >
              {submitLabel}
            </button>
            {way === 'password' && passkeys ? (
              <button
                type="button"
                className="button button-quiet"
                aria-busy={asking}
                aria-disabled={busy || asking}
                onClick={() => void byPasskey(passkeys)}
              >
                {asking ? 'Waiting for the passkey…' : 'Unlock with a passkey'}
              </button>
            ) : null}
          </div>
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        </form>
        <div className="journal-unlock-other">
          {way === 'password' ? (
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => switchTo('recovery')}
            >
              Use my recovery key
            </button>
          ) : (
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => switchTo('password')}
            >
              Use my password instead
            </button>
          )}
          {way === 'recovery' ? (
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => switchTo('forfeit')}
            >
              Lost the recovery key too?
            </button>
          ) : null}
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
