import { type FormEvent, useId, useRef, useState } from 'react';
import { PasswordRow } from '#client/components/password-row.tsx';
import { saveFile, textFile } from '#client/save-file.ts';
import {
  ENCRYPTION_WARNING,
  sealPlainEntries,
  turnOffEncryption,
  turnOnEncryption,
} from '#client/state/account/journal-lock.ts';
import { useAppState } from '#client/state/store/app-store.ts';

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  /** Just turned on: the recovery key, shown this once; `sealed` counts the entries sealed. */
  | { kind: 'recovery'; recoveryKey: string; sealed: number | null | 'sealing' };

function downloadRecoveryKey(recoveryKey: string): void {
  const text = `Müse recovery key\n\nWith your password lost, only this key opens your encrypted entries.\n\n${recoveryKey}\n`;
  saveFile('muse-recovery-key.txt', textFile(text));
}

function sealedNote(sealed: number | null | 'sealing'): string {
  if (sealed === 'sealing') return 'Encrypting your entries…';
  if (sealed === null)
    return 'Some entries are not encrypted yet: they will be when you are next online.';
  return sealed === 1 ? '1 entry encrypted.' : `${sealed} entries encrypted.`;
}

/**
 * "Encrypt my private entries" (issue 37, docs/ENCRYPTION.md): explained before it is turned on,
 * the recovery key shown once, and turned off with the password (every entry goes back to words
 * first).
 */
export function EncryptionSettings() {
  const on = useAppState((s) => s.user.encryption);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), text: useId(), password: useId(), error: useId(), key: useId() };
  const busy = step.kind === 'working';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Please enter your password');
      passwordRef.current?.focus();
      return;
    }
    setStep({ kind: 'working' });
    setError('');
    if (on) {
      const failure = await turnOffEncryption(password);
      setStep({ kind: 'idle' });
      setError(failure ?? '');
      if (!failure) setPassword('');
      else passwordRef.current?.focus();
      return;
    }
    const outcome = await turnOnEncryption(password);
    if ('error' in outcome) {
      setStep({ kind: 'idle' });
      setError(outcome.error);
      passwordRef.current?.focus();
      return;
    }
    setPassword('');
    setStep({ kind: 'recovery', recoveryKey: outcome.recoveryKey, sealed: 'sealing' });
    const sealed = await sealPlainEntries();
    setStep((s) => (s.kind === 'recovery' ? { ...s, sealed } : s));
  };

  const copy = async (recoveryKey: string) => {
    try {
      await navigator.clipboard.writeText(recoveryKey);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (step.kind === 'recovery') {
    return (
      <section className="card settings-card" aria-labelledby={ids.heading}>
        <h2 id={ids.heading} className="settings-title">
          Your recovery key
        </h2>
        <p className="settings-note">
          If you forget your password, only this key opens your encrypted entries. Print it or save
          it somewhere safe: Müse shows it only now and cannot make it again.
        </p>
        <p className="recovery-key" id={ids.key}>
          <code>{step.recoveryKey}</code>
        </p>
        <p className="form-hint" role="status">
          {copied ? 'Recovery key copied. ' : ''}
          {sealedNote(step.sealed)}
        </p>
        <div className="form-actions">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => void copy(step.recoveryKey)}
          >
            Copy
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => downloadRecoveryKey(step.recoveryKey)}
          >
            Download
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setCopied(false);
              setStep({ kind: 'idle' });
            }}
          >
            I have saved it
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card settings-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="settings-title">
        Encryption
      </h2>
      <p className="settings-note" id={ids.text}>
        {on
          ? 'Your private entries are encrypted: only your devices can read them. Shared answers stay readable in the world.'
          : ENCRYPTION_WARNING}
      </p>
      <form className="form-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <PasswordRow
          id={ids.password}
          label="Password"
          inputRef={passwordRef}
          value={password}
          describedBy={ids.error}
          invalid={error !== ''}
          onChange={(value) => {
            setPassword(value);
            setError('');
          }}
        />
        <div className="form-actions">
          <button
            type="submit"
            className={on ? 'button button-quiet' : 'button'}
            aria-busy={busy}
            aria-disabled={busy}
          >
            {busy
              ? on
                ? 'Decrypting…'
                : 'Encrypting…'
              : on
                ? 'Turn off encryption'
                : 'Encrypt my private entries'}
          </button>
        </div>
        <p id={ids.error} className="form-error" role="alert">
          {error}
        </p>
      </form>
    </section>
  );
}
