import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { passcodeDigits } from '../state/account/account-rules.ts';
import { describeWait, msToNextSecond } from '../state/account/passcode-backoff.ts';
import { passcodeWaitUntil, tryPasscode } from '../state/account/passcode-lock.ts';
import { earlyTextPending } from '../state/answers/early-text.ts';
import { getState } from '../state/store/app-store.ts';
import { showStatus } from '../state/store/status.ts';
import { useTitle } from '../use-title.ts';
import './account-form.css';
import './modal-dialog.css';
import './passcode-modal.css';

/**
 * Counts down to the moment the lock checks a code again; 0 when a code may be tried.
 */
function useWaitLeft(): [number, (until: number) => void] {
  const [until, setUntil] = useState(passcodeWaitUntil);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, until - now);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), msToNextSecond(left));
    return () => clearTimeout(timer);
  }, [left]);
  return [
    left,
    (next) => {
      setNow(Date.now());
      setUntil(next);
    },
  ];
}

type Forgetting =
  | { step: 'closed' }
  | { step: 'confirm' }
  | { step: 'working' }
  | { step: 'unsent'; count: number }
  | { step: 'failed'; message: string };

/**
 * SPEC §2 Modals / §4 passcode: 4 digits, checked as soon as the fourth is typed, on the device
 * against the passcode's hash (decision 014). Wrong codes slow down: after three, a wait that
 * doubles. It cannot be closed until the code matches: `closedby="none"` and a swallowed Escape
 * keep close requests away (Chrome otherwise closes a modal on Escape when the page has had no
 * user activation, which is every fresh load), and should a browser close it anyway it opens
 * again at once. "Forgot passcode?" signs this device out; the password login that follows
 * removes the passcode. When it asks is decided in state/account/passcode-lock.ts; the layout mounts it
 * only while locked, and nothing of the journal beside it (issue 34 point 4), so the title says
 * only that Müse is locked.
 */
export function PasscodeModal({ onSignedOut }: { onSignedOut: () => void }) {
  useTitle('Locked');
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const [waitLeft, startWait] = useWaitLeft();
  const [forgetting, setForgetting] = useState<Forgetting>({ step: 'closed' });
  const titleId = useId();
  const textId = useId();
  const inputId = useId();
  // Typed into today's box before the lock came up (issue 35 point 1): kept, never shown here.
  const [waitingText] = useState(() => earlyTextPending());

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Not a JSX prop React knows yet: browsers that support it ignore Escape and light dismiss.
    dialog.setAttribute('closedby', 'none');
    if (!dialog.open) dialog.showModal();
    inputRef.current?.focus();
  }, []);

  const check = async (digits: string) => {
    setChecking(true);
    const outcome = await tryPasscode(digits);
    setChecking(false);
    setValue('');
    if (outcome.kind === 'match') {
      setError('');
      showStatus(MESSAGES.success);
      return;
    }
    // SPEC §5/§8: 'Passcode does not match'; the field empties for the next try.
    if (outcome.kind === 'mismatch') setError(MESSAGES.passcodeMismatch);
    startWait(outcome.until);
    inputRef.current?.focus();
  };

  const onChange = (typed: string) => {
    if (checking || waitLeft > 0) return;
    const digits = passcodeDigits(typed);
    setValue(digits);
    if (digits.length < 4) {
      if (digits.length > 0) setError('');
      return;
    }
    void check(digits);
  };

  const signOut = async (discardUnsent: boolean) => {
    setForgetting({ step: 'working' });
    // The account's code loads only now: the lock is in every first load, signing out is rare.
    const { signOutForgottenPasscode } = await import('../state/account/account.ts');
    const outcome = await signOutForgottenPasscode(discardUnsent);
    if (outcome.kind === 'unsent') setForgetting({ step: 'unsent', count: outcome.count });
    else if (outcome.kind === 'failed') setForgetting({ step: 'failed', message: outcome.message });
    else {
      setForgetting({ step: 'closed' });
      // Signing out ends the lock, which unmounts this: the layout, still there, moves on.
      onSignedOut();
    }
  };

  const waiting = waitLeft > 0;
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
      <div className="modal-body passcode-body">
        <h2 id={titleId} className="modal-title">
          Enter your passcode
        </h2>
        <p id={textId} className="modal-text">
          Your journal is locked with a 4-digit passcode.
          {waitingText ? ' What you began to write is kept for today’s entry.' : null}
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
          readOnly={checking || waiting}
          aria-busy={checking}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${textId} ${inputId}-error ${inputId}-wait`}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={`${inputId}-error`} className="form-error passcode-error" role="alert">
          {error}
        </p>
        <p id={`${inputId}-wait`} className="form-hint passcode-wait" role="status">
          {waiting ? `Take a breath: you can try again in ${describeWait(waitLeft)}.` : ''}
        </p>
        <ForgotPasscode state={forgetting} onChange={setForgetting} onSignOut={signOut} />
      </div>
    </dialog>
  );
}

function ForgotPasscode({
  state,
  onChange,
  onSignOut,
}: {
  state: Forgetting;
  onChange: (next: Forgetting) => void;
  onSignOut: (discardUnsent: boolean) => Promise<void>;
}) {
  if (state.step === 'closed') {
    return (
      <button
        type="button"
        className="button button-quiet button-small passcode-forgot"
        onClick={() => onChange({ step: 'confirm' })}
      >
        Forgot passcode?
      </button>
    );
  }
  const busy = state.step === 'working';
  return (
    <fieldset className="passcode-forget">
      <legend className="visually-hidden">Forgot passcode</legend>
      <p className="form-hint">
        {state.step === 'unsent'
          ? `${state.count === 1 ? '1 change has' : `${state.count} changes have`} not reached the server yet and would be lost on this device. Connect to the internet and try again, or sign out anyway.`
          : state.step === 'failed'
            ? state.message
            : 'Sign out of this device, then sign in with your password: the passcode is then removed. Your journal stays in your account.'}
      </p>
      <div className="modal-actions passcode-forget-actions">
        <button
          type="button"
          className="button button-quiet button-small"
          disabled={busy}
          onClick={() => onChange({ step: 'closed' })}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-small"
          aria-busy={busy}
          onClick={() => {
            if (!busy) void onSignOut(state.step === 'unsent');
          }}
        >
          {state.step === 'unsent' ? 'Sign out anyway' : 'Sign out and sign in'}
        </button>
      </div>
    </fieldset>
  );
}
