import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AppHeader, BackLink } from '../../components/app-header.tsx';
import { paths } from '../../routes.ts';
import { clearError, logIn, setLoginField, setLoginMode, signUp } from '../../state/account.ts';
import { fieldOfProblem, loginProblem, MIN_PASSWORD_LENGTH } from '../../state/account-rules.ts';
import { setState, useAppState } from '../../state/app-store.ts';
import { removeForgottenPasscode } from '../../state/recovery.ts';
import { useTitle } from '../../use-title.ts';
import { useSessionCheck } from './use-session-check.ts';
import '../../components/account-form.css';
import './login-screen.css';

type Field = 'name' | 'email' | 'password';

/** Where to go once signed in: router state `from` (e.g. the share flow), else the categories. */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : paths.categories;
}

/** `?mode=signup` (or router state `{ mode: 'signup' }`) opens sign-up; anything else sign-in. */
function wantsSignUp(search: URLSearchParams, state: unknown): boolean {
  const mode = search.get('mode') ?? (state as { mode?: unknown } | null)?.mode;
  return mode === 'signup';
}

/**
 * SPEC §2 /login: sign in or sign up, with a switch button. A user who already has a name goes
 * on (to `/`, or back where they came from); one whose session ended signs in again here.
 */
export function LoginScreen() {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const form = useAppState((s) => s.loginForm);
  const error = useAppState((s) => s.error);
  const loading = useAppState((s) => s.loading);
  const name = useAppState((s) => s.user.name);
  const sessionLost = useAppState((s) => s.sessionLost);
  const [attempted, setAttempted] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const ids = { name: useId(), email: useId(), password: useId(), message: useId() };
  const check = useSessionCheck(name !== '', sessionLost);
  const signUpMode = wantsSignUp(search, location.state) && !sessionLost;
  // After "Forgot passcode?" on the lock screen (decision 014).
  const passcodeForgotten = search.get('passcode') === 'forgotten';
  useTitle(signUpMode ? 'Sign up' : 'Sign in');

  // The URL (or the router state) decides the mode: side menu and profile buttons preselect it.
  useEffect(() => {
    setLoginMode(!signUpMode);
    setAttempted(false);
  }, [signUpMode]);

  // A named user whose session ended signs in again under their own name.
  useEffect(() => {
    if (sessionLost && name) setState((s) => ({ loginForm: { ...s.loginForm, name } }));
  }, [sessionLost, name]);

  // The error string belongs to this visit of the form.
  useEffect(() => clearError, []);

  if (check === 'checking') return <p className="loading">Loading…</p>;
  if (name && !sessionLost) return <Navigate to={destination(location.state)} replace />;

  const problem = loginProblem(form);
  const message = attempted && problem ? problem : error;
  const invalid = (field: Field) =>
    attempted && problem !== null && fieldOfProblem(problem) === field;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §4: ignored while a request is out.
    if (loading) return;
    setAttempted(true);
    if (problem) {
      refs[fieldOfProblem(problem)].current?.focus();
      return;
    }
    if (!form.login) void signUp();
    else void logIn().then((ok) => (ok && passcodeForgotten ? removeForgottenPasscode() : null));
  };

  const switchMode = () => {
    clearError();
    const next = new URLSearchParams(search);
    next.set('mode', signUpMode ? 'login' : 'signup');
    setSearch(next, { replace: true, state: location.state });
  };

  const field = (
    key: Field,
    label: string,
    { 'aria-describedby': hint, ...props }: React.InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <div className="form-row">
      <label className="form-label" htmlFor={ids[key]}>
        {label}
      </label>
      <input
        ref={refs[key]}
        id={ids[key]}
        className="field"
        value={form[key]}
        onChange={(event) => setLoginField(key, event.target.value)}
        {...props}
        aria-invalid={invalid(key) ? true : undefined}
        aria-describedby={invalid(key) ? ids.message : hint}
      />
    </div>
  );

  const title = signUpMode ? 'Sign up' : 'Sign in';
  return (
    <>
      <AppHeader
        title={title}
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page login-page">
        <div className="card login-card">
          <p className="login-intro">
            {passcodeForgotten && !signUpMode
              ? 'Sign in with your password: your forgotten passcode is then removed, and you can set a new one in settings.'
              : sessionLost
                ? 'Your session has ended. Sign in again: everything you wrote on this device is kept and comes with you.'
                : signUpMode
                  ? 'Create an account to share answers and keep your journal on every device. Everything you have written so far comes with you.'
                  : 'Welcome back. Sign in to find your journal; anything you wrote on this device comes along.'}
          </p>
          <form className="form-stack" noValidate onSubmit={onSubmit} aria-label={title}>
            {signUpMode
              ? field('name', 'Name', { autoComplete: 'username', autoCapitalize: 'words' })
              : field('name', 'Name or email', { autoComplete: 'username' })}
            {signUpMode
              ? field('email', 'Email', {
                  type: 'email',
                  autoComplete: 'email',
                  inputMode: 'email',
                })
              : null}
            {field('password', 'Password', {
              type: 'password',
              autoComplete: signUpMode ? 'new-password' : 'current-password',
              'aria-describedby': signUpMode ? `${ids.password}-hint` : undefined,
            })}
            {signUpMode ? (
              <p id={`${ids.password}-hint`} className="form-hint login-password-hint">
                At least {MIN_PASSWORD_LENGTH} characters.
              </p>
            ) : (
              <p className="form-hint login-forgot">
                <Link to={paths.forgotPassword}>Forgot password?</Link>
              </p>
            )}
            <div className="form-actions">
              <button
                type="submit"
                className="button"
                aria-disabled={problem !== null || loading}
                aria-busy={loading}
              >
                {title}
              </button>
              {loading ? (
                <span className="form-hint" aria-hidden="true">
                  {signUpMode ? 'Creating your account…' : 'Signing in…'}
                </span>
              ) : null}
            </div>
            {signUpMode ? (
              <p className="form-hint">
                By signing up you agree to our <Link to={paths.terms}>terms</Link> and our{' '}
                <Link to={paths.privacy}>privacy policy</Link>.
              </p>
            ) : null}
            <p id={ids.message} className="form-error" role="alert">
              {message}
            </p>
          </form>
        </div>
        {sessionLost ? null : (
          <p className="login-switch">
            {signUpMode ? 'Already have an account?' : 'New to Müse?'}{' '}
            <button type="button" className="button button-quiet button-small" onClick={switchMode}>
              {signUpMode ? 'Sign in' : 'Sign up'}
            </button>
          </p>
        )}
      </main>
    </>
  );
}
