import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import {
  clearError,
  loadEditForm,
  saveProfile,
  setEditField,
} from '#client/state/account/account.ts';
import { editUserProblem } from '#client/state/account/account-rules.ts';
import { getState, useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { DevicesSettings } from './devices-settings.tsx';
import { EncryptionSettings } from './encryption-settings.tsx';
import { PasscodeSettings } from './passcode-settings.tsx';
import { PasskeySettings } from './passkey-settings.tsx';
import { PasswordSettings } from './password-settings.tsx';
import { RecoveryCodesSettings } from './recovery-codes-settings.tsx';
import { ThemeSettings } from './theme-settings.tsx';
import '#client/components/account-form.css';
import './user-settings-screen.css';

// The daily reminder (issue 17 C) loads only when settings are open.
const ReminderSettings = lazy(() => import('./reminder-settings.tsx'));

/**
 * SPEC §2 /userSettings: edit own name and e-mail (SPEC §8 'Sorry, name or email is taken'),
 * the password and the passcode. Anonymous users cannot open settings (SPEC §6): they go to the profile.
 */
export function UserSettingsScreen() {
  useTitle('Settings');
  const navigate = useNavigate();
  const named = useAppState((s) => s.user.name !== '');
  const edit = useAppState((s) => s.editUser);
  const error = useAppState((s) => s.error);
  const loading = useAppState((s) => s.loading);
  const [attempted, setAttempted] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), name: useId(), email: useId(), message: useId() };

  // Opened directly (a reload, a bookmark): the form starts from the user as they are.
  useEffect(() => {
    const { editUser, user } = getState();
    if (!editUser.name && !editUser.email && user.name) loadEditForm();
    return clearError;
  }, []);

  if (!named) return <Navigate to={paths.userProfile} replace />;

  const problem = editUserProblem(edit);
  const message = attempted && problem ? problem : error;
  const emailProblem = problem !== null && /email/i.test(problem);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setAttempted(true);
    if (problem) {
      (emailProblem ? emailRef : nameRef).current?.focus();
      return;
    }
    if (await saveProfile()) void navigate(paths.userProfile);
  };

  return (
    <>
      <AppHeader
        title="Settings"
        start={<BackLink to={paths.userProfile} label="Back to my profile" />}
      />
      <main className="page settings-page">
        <section className="card settings-card" aria-labelledby={ids.heading}>
          <h2 id={ids.heading} className="settings-title">
            Name and email
          </h2>
          <form className="form-stack" noValidate onSubmit={onSubmit}>
            <div className="form-row">
              <label className="form-label" htmlFor={ids.name}>
                Name
              </label>
              <input
                ref={nameRef}
                id={ids.name}
                className="field"
                autoComplete="username"
                value={edit.name}
                aria-invalid={attempted && problem && !emailProblem ? true : undefined}
                aria-describedby={ids.message}
                onChange={(event) => setEditField('name', event.target.value)}
              />
            </div>
            <div className="form-row">
              <label className="form-label" htmlFor={ids.email}>
                Email
              </label>
              <input
                ref={emailRef}
                id={ids.email}
                className="field"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                value={edit.email}
                aria-invalid={attempted && emailProblem ? true : undefined}
                aria-describedby={ids.message}
                onChange={(event) => setEditField('email', event.target.value)}
              />
            </div>
            <div className="form-actions">
              <button
                type="submit"
                className="button"
                aria-disabled={problem !== null || loading}
                aria-busy={loading}
              >
                Save
              </button>
            </div>
            <p id={ids.message} className="form-error" role="alert">
              {message}
            </p>
          </form>
        </section>
        <PasswordSettings />
        <EncryptionSettings />
        <PasskeySettings />
        <PasscodeSettings />
        <RecoveryCodesSettings />
        <ThemeSettings />
        <DevicesSettings />
        <Suspense fallback={null}>
          <ReminderSettings />
        </Suspense>
      </main>
    </>
  );
}
