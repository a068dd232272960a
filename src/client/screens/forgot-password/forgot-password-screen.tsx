import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { MIN_PASSWORD_LENGTH } from '#client/state/account/account-rules.ts';
import {
  newPasswordProblem,
  RESET_LINK_SENT,
  recoverWithCode,
  requestResetLink,
} from '#client/state/account/recovery.ts';
import { useRecoveryMethods } from '#client/state/account/use-recovery-methods.ts';
import { useTitle } from '#client/use-title.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { RecoveryForm } from './recovery-form.tsx';
import '../login/login-screen.css';
import './forgot-password-screen.css';

/**
 * "Forgot password?" (decision 014): with mail on the server, a reset link by e-mail; without,
 * a recovery code and a new password.
 */
export function ForgotPasswordScreen() {
  useTitle('Forgot password');
  const [methods, retry] = useRecoveryMethods();
  return (
    <>
      <AppHeader
        title="Forgot password"
        start={<BackLink to={paths.login} label="Back to sign in" />}
      />
      <main className="page login-page">
        <div className="card login-card">
          {methods.kind === 'loading' ? <p className="loading">Loading…</p> : null}
          {methods.kind === 'failed' ? (
            <>
              <p className="form-error" role="alert">
                {MESSAGES.noConnection}
              </p>
              <button type="button" className="button button-quiet" onClick={retry}>
                Try again
              </button>
            </>
          ) : null}
          {methods.kind === 'ready' ? methods.email ? <ByEmail /> : <ByRecoveryCode /> : null}
        </div>
        <p className="login-switch">
          Remembered it? <Link to={paths.login}>Sign in</Link>
        </p>
      </main>
    </>
  );
}

function ByEmail() {
  const [name, setName] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const problem = name.trim() === '' ? { key: 'name', message: MESSAGES.signInName } : null;

  if (sent) {
    return (
      <div className="forgot-sent" role="status">
        <p className="login-intro">{RESET_LINK_SENT}</p>
        <p className="form-hint">
          Nothing arrived? Check your spam folder, or{' '}
          <button type="button" className="button-link" onClick={() => setSent(false)}>
            ask again
          </button>
          .
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="login-intro">
        Enter your name or e-mail. We will send a link to your account’s e-mail to choose a new
        password. Encrypted entries then need your recovery key to open.
      </p>
      <RecoveryForm
        label="Send a reset link"
        fields={[
          {
            key: 'name',
            label: 'Name or email',
            value: name,
            onChange: (value) => {
              setName(value);
              setError('');
            },
            input: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
          },
        ]}
        problem={problem}
        attempted={attempted}
        error={error}
        busy={busy}
        submitLabel="Send reset link"
        busyLabel="Sending…"
        onAttempt={() => setAttempted(true)}
        onSubmit={async () => {
          setBusy(true);
          const failure = await requestResetLink(name);
          setBusy(false);
          setError(failure ?? '');
          if (!failure) setSent(true);
        }}
      />
    </>
  );
}

function ByRecoveryCode() {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', code: '', password: '' });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setError('');
  };
  const passwordProblem = newPasswordProblem(form.password);
  const problem =
    form.name.trim() === ''
      ? { key: 'name', message: MESSAGES.signInName }
      : form.code.trim() === ''
        ? { key: 'code', message: 'Please enter a recovery code' }
        : passwordProblem
          ? { key: 'password', message: passwordProblem }
          : null;

  return (
    <>
      <p className="login-intro">
        Use one of the recovery codes you saved when you signed up. Each code works once. Encrypted
        entries then need your recovery key to open.
      </p>
      <RecoveryForm
        label="Choose a new password"
        fields={[
          {
            key: 'name',
            label: 'Name or email',
            value: form.name,
            onChange: set('name'),
            input: { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false },
          },
          {
            key: 'code',
            label: 'Recovery code',
            value: form.code,
            onChange: set('code'),
            hint: 'Like k7m2p-x9qad.',
            input: { autoComplete: 'one-time-code', autoCapitalize: 'none', spellCheck: false },
          },
          {
            key: 'password',
            label: 'New password',
            value: form.password,
            onChange: set('password'),
            hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
            input: { type: 'password', autoComplete: 'new-password' },
          },
        ]}
        problem={problem}
        attempted={attempted}
        error={error}
        busy={busy}
        submitLabel="Set new password"
        busyLabel="Saving…"
        onAttempt={() => setAttempted(true)}
        onSubmit={async () => {
          setBusy(true);
          const failure = await recoverWithCode(form.name, form.code, form.password);
          setBusy(false);
          setError(failure ?? '');
          if (!failure) void navigate(paths.login, { replace: true });
        }}
      />
    </>
  );
}
