import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { MIN_PASSWORD_LENGTH } from '#client/state/account/account-rules.ts';
import { newPasswordProblem, resetWithToken } from '#client/state/account/recovery.ts';
import { useTitle } from '#client/use-title.ts';
import { RecoveryForm } from '../forgot-password/recovery-form.tsx';
import '../login/login-screen.css';

/** A well-formed token from the e-mail's link: 43 base64url characters. */
function tokenOf(search: URLSearchParams): string | null {
  const token = search.get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /reset-password?token=… (decision 014): the link from the reset e-mail opens here to choose a
 * new password. The link works once, for 30 minutes; afterwards every session of the account
 * has ended and the person signs in with the new password.
 */
export function ResetPasswordScreen() {
  useTitle('Choose a new password');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = tokenOf(search);
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordProblem = newPasswordProblem(password);

  return (
    <>
      <AppHeader
        title="New password"
        start={<BackLink to={paths.login} label="Back to sign in" />}
      />
      <main className="page login-page">
        <div className="card login-card">
          {token === null ? (
            <p className="login-intro" role="alert">
              This reset link is not complete. Open it again from the e-mail, or{' '}
              <Link to={paths.forgotPassword}>ask for a new one</Link>.
            </p>
          ) : (
            <>
              <p className="login-intro">
                Choose a new password for your account. You will then sign in with it on every
                device. If your private entries are encrypted, they open again only with your
                recovery key: Müse cannot open them for you.
              </p>
              <RecoveryForm
                label="Choose a new password"
                fields={[
                  {
                    key: 'password',
                    label: 'New password',
                    value: password,
                    onChange: (value) => {
                      setPassword(value);
                      setError('');
                    },
                    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
                    input: { type: 'password', autoComplete: 'new-password' },
                  },
                ]}
                problem={passwordProblem ? { key: 'password', message: passwordProblem } : null}
                attempted={attempted}
                error={error}
                busy={busy}
                submitLabel="Save new password"
                busyLabel="Saving…"
                onAttempt={() => setAttempted(true)}
                onSubmit={async () => {
                  setBusy(true);
                  const failure = await resetWithToken(token, password);
                  setBusy(false);
                  setError(failure ?? '');
                  if (!failure) void navigate(paths.login, { replace: true });
                }}
              >
                {error ? (
                  <p className="form-hint">
                    <Link to={paths.forgotPassword}>Ask for a new link</Link>
                  </p>
                ) : null}
              </RecoveryForm>
            </>
          )}
        </div>
      </main>
    </>
  );
}
