import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/routes.ts';
import { logIn, signUp } from '#client/state/account/account.ts';
import {
  fieldOfProblem,
  loginProblem,
  MIN_PASSWORD_LENGTH,
} from '#client/state/account/account-rules.ts';
import { removeForgottenPasscode } from '#client/state/account/recovery.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { LoginField, type LoginFieldKey } from './login-field.tsx';

type LoginFormProps = { signUpMode: boolean; title: string; passcodeForgotten: boolean };

/**
 * The sign-in or sign-up form: its fields, the password hint or the forgotten-password link, the
 * submit button and the one message. Problems show once the person has tried to submit.
 */
export function LoginForm({ signUpMode, title, passcodeForgotten }: LoginFormProps) {
  const form = useAppState((s) => s.loginForm);
  const error = useAppState((s) => s.error);
  const loading = useAppState((s) => s.loading);
  const [attempted, setAttempted] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const ids = {
    name: useId(),
    email: useId(),
    password: useId(),
    message: useId(),
    notReady: useId(),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new mode is a new attempt
  useEffect(() => setAttempted(false), [signUpMode]);

  const problem = loginProblem(form);
  const message = attempted && problem ? problem : error;
  // Issue 35: the greyed button says why before it is pressed; once pressed, the alert says it.
  const notReady = problem !== null && !attempted && !loading ? problem : null;
  const fieldProps = (field: LoginFieldKey) => ({
    field,
    id: ids[field],
    values: form,
    inputRef: refs[field],
    invalid: attempted && problem !== null && fieldOfProblem(problem) === field,
    messageId: ids.message,
  });

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

  const hintId = `${ids.password}-hint`;
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit} aria-label={title}>
      <LoginField
        {...fieldProps('name')}
        label={signUpMode ? 'Name' : 'Name or email'}
        autoComplete="username"
        autoCapitalize={signUpMode ? 'words' : 'none'}
        spellCheck={signUpMode ? undefined : false}
      />
      {signUpMode ? (
        <LoginField
          {...fieldProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : null}
      <LoginField
        {...fieldProps('password')}
        label="Password"
        type="password"
        autoComplete={signUpMode ? 'new-password' : 'current-password'}
        aria-describedby={signUpMode ? hintId : undefined}
      />
      {signUpMode ? (
        <p id={hintId} className="form-hint login-password-hint">
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
          aria-describedby={notReady ? ids.notReady : undefined}
        >
          {title}
        </button>
        {notReady ? (
          <span id={ids.notReady} className="form-hint login-not-ready">
            {notReady}
          </span>
        ) : null}
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
  );
}
