import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { clearError, setLoginMode } from '#client/state/account/account.ts';
import { setState, useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { LoginForm } from './login-form.tsx';
import { LoginIntro } from './login-intro.tsx';
import { destination, wantsSignUp } from './login-routing.ts';
import { useSessionCheck } from './use-session-check.ts';
import '#client/components/account-form.css';
import './login-screen.css';

/**
 * SPEC §2 /login: sign in or sign up, with a switch button. A user who already has a name goes
 * on (to `/`, or back where they came from); one whose session ended signs in again here.
 */
export function LoginScreen() {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const name = useAppState((s) => s.user.name);
  const sessionLost = useAppState((s) => s.sessionLost);
  const check = useSessionCheck(name !== '', sessionLost);
  const signUpMode = wantsSignUp(search, location.state) && !sessionLost;
  // After "Forgot passcode?" on the lock screen (decision 014).
  const passcodeForgotten = search.get('passcode') === 'forgotten';
  const title = signUpMode ? 'Sign up' : 'Sign in';
  useTitle(title);

  // The URL (or the router state) decides the mode: side menu and profile buttons preselect it.
  useEffect(() => setLoginMode(!signUpMode), [signUpMode]);

  // A named user whose session ended signs in again under their own name.
  useEffect(() => {
    if (sessionLost && name) setState((s) => ({ loginForm: { ...s.loginForm, name } }));
  }, [sessionLost, name]);

  // The error string belongs to this visit of the form.
  useEffect(() => clearError, []);

  if (check === 'checking') return <p className="loading">Loading…</p>;
  if (name && !sessionLost) return <Navigate to={destination(location.state)} replace />;

  const switchMode = () => {
    clearError();
    const next = new URLSearchParams(search);
    next.set('mode', signUpMode ? 'login' : 'signup');
    setSearch(next, { replace: true, state: location.state });
  };

  return (
    <>
      <AppHeader
        title={title}
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page login-page">
        <div className="card login-card">
          <LoginIntro
            signUpMode={signUpMode}
            sessionLost={sessionLost}
            passcodeForgotten={passcodeForgotten}
          />
          <LoginForm signUpMode={signUpMode} title={title} passcodeForgotten={passcodeForgotten} />
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
