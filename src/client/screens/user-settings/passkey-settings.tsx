import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PasswordRow } from '#client/components/password-row.tsx';
import type { PasskeyWrap } from '#client/encryption/keys.ts';
import { passkeysAvailable } from '#client/encryption/passkey-prf.ts';
import {
  addPasskey,
  loadPasskeys,
  type PasskeyChange,
  prepareToAddPasskey,
  type ReadyToAdd,
  removePasskey,
} from '#client/state/account/passkeys.ts';
import { useAppState } from '#client/state/store/app-store.ts';

type List = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; passkeys: PasskeyWrap[] };

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When `passkey` was added: the day, and the time too when another was added that day. */
function addedOn(passkey: PasskeyWrap, all: PasskeyWrap[]): string {
  const date = day.format(new Date(passkey.added));
  const twin = all.some((p) => p !== passkey && day.format(new Date(p.added)) === date);
  return twin ? dayAndTime.format(new Date(passkey.added)) : date;
}

/**
 * Passkeys that unlock the encrypted journal (issue 37 point 2, docs/ENCRYPTION.md), listed by
 * the day each was added; adding or removing one takes the password. Shown while encryption is
 * on, this device holds the key (a new passkey wraps it) and the browser has WebAuthn.
 */
export function PasskeySettings() {
  const on = useAppState((s) => s.user.encryption && s.journalKey === 'held');
  if (!on || !passkeysAvailable()) return null;
  return <PasskeyCard />;
}

function PasskeyCard() {
  const [list, setList] = useState<List>({ kind: 'loading' });
  const [removing, setRemoving] = useState<PasskeyWrap | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  /** The password checked and the key open: the next click opens the passkey prompt. */
  const [ready, setReady] = useState<ReadyToAdd | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const ids = {
    heading: useId(),
    text: useId(),
    password: useId(),
    removing: useId(),
    ready: useId(),
    error: useId(),
  };
  const passkeys = list.kind === 'ready' ? list.passkeys : [];

  useEffect(() => {
    let live = true;
    void loadPasskeys().then((known) => {
      if (live) setList(known ? { kind: 'ready', passkeys: known.passkeys } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
  }, []);

  const startRemoving = (passkey: PasskeyWrap) => {
    setRemoving(passkey);
    setError('');
    setDone('');
    passwordRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Please enter your password');
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setError('');
    setDone('');
    const gone = removing;
    if (!gone) {
      const prepared = await prepareToAddPasskey(password);
      setBusy(false);
      if ('error' in prepared) {
        setError(prepared.error);
        passwordRef.current?.focus();
        return;
      }
      setReady(prepared);
      setPassword('');
      return;
    }
    settle(gone, await removePasskey(gone.credential, password));
  };

  /** Opens the passkey prompt, straight from the click (as some browsers require). */
  const create = async () => {
    if (!ready || busy) return;
    setBusy(true);
    setError('');
    const outcome = await addPasskey(ready);
    if (!('error' in outcome)) setReady(null);
    settle(null, outcome);
  };

  const settle = (gone: PasskeyWrap | null, outcome: PasskeyChange) => {
    setBusy(false);
    if ('error' in outcome) {
      setError(outcome.error);
      (gone ? passwordRef : createRef).current?.focus();
      return;
    }
    setList({ kind: 'ready', passkeys: outcome.passkeys });
    setPassword('');
    setRemoving(null);
    setDone(
      gone
        ? `The passkey added ${addedOn(gone, passkeys)} no longer unlocks your journal.`
        : 'Passkey added: it unlocks your journal now.',
    );
  };

  // The create button takes the focus once it is there, so the next Enter or tap opens the prompt.
  useEffect(() => {
    if (ready) createRef.current?.focus();
  }, [ready]);

  return (
    <section className="card settings-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="settings-title">
        Passkeys
      </h2>
      <p className="settings-note" id={ids.text}>
        A passkey unlocks your encrypted journal on a device that does not hold its key, with your
        fingerprint, face or screen lock instead of your password.
      </p>
      {list.kind === 'loading' ? <p className="settings-note">Loading your passkeys…</p> : null}
      {list.kind === 'failed' ? (
        <p className="settings-note">Your passkeys could not be loaded. Please try again later.</p>
      ) : null}
      {list.kind === 'ready' && passkeys.length === 0 ? (
        <p className="settings-note">No passkey unlocks your journal yet.</p>
      ) : null}
      {passkeys.length > 0 ? (
        <ul className="devices-list" aria-label="Your passkeys">
          {passkeys.map((passkey) => {
            const added = addedOn(passkey, passkeys);
            return (
              <li key={passkey.credential} className="devices-item">
                <span className="devices-label">Passkey added {added}</span>
                <button
                  type="button"
                  className="button button-quiet button-small"
                  aria-label={`Remove the passkey added ${added}`}
                  onClick={() => startRemoving(passkey)}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {ready ? (
        <div className="form-stack">
          <p className="settings-note" id={ids.ready}>
            Your password opened your journal’s key. Now create the passkey: your device asks for
            your fingerprint, face or screen lock.
          </p>
          <div className="form-actions">
            <button
              ref={createRef}
              type="button"
              className="button"
              aria-describedby={`${ids.ready} ${ids.error}`}
              aria-busy={busy}
              aria-disabled={busy}
              onClick={() => void create()}
            >
              {busy ? 'Waiting for the passkey…' : 'Create the passkey'}
            </button>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                setReady(null);
                setError('');
              }}
            >
              Cancel
            </button>
          </div>
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        </div>
      ) : (
        <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
          {removing ? (
            <p className="settings-note" id={ids.removing}>
              Enter your password to remove the passkey added {addedOn(removing, passkeys)}.
            </p>
          ) : null}
          <PasswordRow
            id={ids.password}
            label="Password"
            inputRef={passwordRef}
            value={password}
            describedBy={removing ? `${ids.removing} ${ids.error}` : ids.error}
            invalid={error !== ''}
            onChange={(value) => {
              setPassword(value);
              setError('');
            }}
          />
          <div className="form-actions">
            {removing ? (
              <>
                <button
                  type="submit"
                  className="button button-danger"
                  aria-busy={busy}
                  aria-disabled={busy}
                >
                  {busy ? 'Removing…' : 'Remove this passkey'}
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  onClick={() => {
                    setRemoving(null);
                    setError('');
                    passwordRef.current?.focus();
                  }}
                >
                  Cancel
                </button>
              </>
            ) : (
              <button type="submit" className="button" aria-busy={busy} aria-disabled={busy}>
                {busy ? 'Checking…' : 'Add a passkey'}
              </button>
            )}
          </div>
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        </form>
      )}
      <p className="form-hint" role="status">
        {done}
      </p>
    </section>
  );
}
