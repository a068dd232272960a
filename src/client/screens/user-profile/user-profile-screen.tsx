import { lazy, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../../shared/domain/date-format.ts';
import { AppHeader, BackLink } from '../../components/app-header.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { downloadAnswers } from '../../download-answers.ts';
import { paths, signUpPath } from '../../routes.ts';
import { loadEditForm, logOut } from '../../state/account.ts';
import { sharedCount } from '../../state/account-rules.ts';
import { getState, useAppState } from '../../state/app-store.ts';
import { showStatus } from '../../state/status.ts';
import { useTitle } from '../../use-title.ts';
import { CONTACT_EMAIL, mailtoHref } from '../about/public-links.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { downloadExport } from './export-data.ts';
import { PictureUpload } from './picture-upload.tsx';
import './user-profile-screen.css';

// Markdown export and import (issue 17 B) load only when the profile shows them.
const DataTransfer = lazy(() => import('./transfer/data-transfer.tsx'));

/**
 * SPEC §2 /userProfile: with a name — the name, a settings button and the picture upload; without
 * — Sign in and Sign up. For everyone: the shared count, streak, longest streak, score, 'Müsing
 * since', the SPEC's buttons, the data export and account deletion.
 */
export function UserProfileScreen() {
  useTitle('My profile');
  const navigate = useNavigate();
  const user = useAppState((s) => s.user);
  const answers = useAppState((s) => s.answers);
  const sessionLost = useAppState((s) => s.sessionLost);
  const loading = useAppState((s) => s.loading);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** Items not yet on the server when logging out was asked for (0: no question open). */
  const [unsent, setUnsent] = useState(0);
  const statsId = useId();
  const dataId = useId();
  const accountId = useId();
  const named = user.name !== '';
  const since = formatDate(user.started);

  const openSettings = () => {
    loadEditForm();
    void navigate(paths.userSettings);
  };

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    const failure = await downloadExport();
    setExporting(false);
    if (failure) showStatus(failure, true);
  };

  const onLogOut = async (discardUnsent = false) => {
    setUnsent(0);
    const outcome = await logOut({ discardUnsent });
    if (outcome.kind === 'unsent') setUnsent(outcome.count);
    else if (outcome.kind === 'failed' && outcome.message) showStatus(outcome.message, true);
  };

  return (
    <>
      <AppHeader
        title="My profile"
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page profile-page">
        {named ? (
          <section className="profile-head">
            <h2 className="profile-name">{user.name}</h2>
            {user.email ? <p className="profile-email">{user.email}</p> : null}
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={openSettings}
            >
              Settings
            </button>
          </section>
        ) : (
          <section className="card profile-head profile-anonymous">
            <Avatar picture="" name="" size={72} />
            <h2 className="profile-name">Make Müse yours</h2>
            <p className="profile-lead">
              Sign up to share answers with the world, add a picture and keep your journal on every
              device. Everything you have written so far comes with you.
            </p>
            <div className="profile-auth">
              <Link className="button" to={paths.login} state={{ mode: 'login' }}>
                Sign in
              </Link>
              <Link className="button button-quiet" to={signUpPath}>
                Sign up
              </Link>
            </div>
          </section>
        )}

        {sessionLost ? (
          <p className="card profile-notice">
            Your session has ended. Everything you write stays on this device until you{' '}
            <Link to={paths.login}>sign in again</Link>.
          </p>
        ) : null}

        {named ? <PictureUpload /> : null}

        <section aria-labelledby={statsId}>
          <h2 id={statsId} className="visually-hidden">
            Your numbers
          </h2>
          <dl className="profile-stats">
            <div className="profile-stat card">
              <dt>Shared answers</dt>
              <dd>{sharedCount(answers)}</dd>
            </div>
            <div className="profile-stat card">
              <dt>Streak</dt>
              <dd>{user.streak}</dd>
            </div>
            <div className="profile-stat card">
              <dt>Longest streak</dt>
              <dd>{user.longestStreak}</dd>
            </div>
            <div className="profile-stat card">
              <dt>Score</dt>
              <dd>{user.score}</dd>
            </div>
          </dl>
          {since ? <p className="profile-since">Müsing since {since}</p> : null}
        </section>

        <nav aria-label="Your journal" className="profile-links">
          <Link className="profile-link card" to={paths.newPrompt}>
            Add a prompt
          </Link>
          <Link className="profile-link card" to={paths.past}>
            My answers
          </Link>
          <Link className="profile-link card" to={paths.shared}>
            Shared answers
          </Link>
          <a className="profile-link card" href={mailtoHref(CONTACT_EMAIL)}>
            Contact us
          </a>
        </nav>

        <section aria-labelledby={dataId} className="profile-section">
          <h2 id={dataId} className="profile-section-title">
            Your data
          </h2>
          <div className="profile-buttons">
            {answers.length > 0 ? (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => downloadAnswers(getState().answers)}
              >
                <DownloadIcon />
                Download my answers
              </button>
            ) : null}
            <button
              type="button"
              className="button button-quiet"
              aria-busy={exporting}
              onClick={() => void onExport()}
            >
              <DownloadIcon />
              Export my data (JSON)
            </button>
          </div>
          <Suspense fallback={null}>
            <DataTransfer />
          </Suspense>
        </section>

        <section aria-labelledby={accountId} className="profile-section">
          <h2 id={accountId} className="profile-section-title">
            Account
          </h2>
          <div className="profile-buttons">
            {named ? (
              <button
                type="button"
                className="button button-quiet"
                aria-busy={loading}
                onClick={() => void onLogOut()}
              >
                Log out
              </button>
            ) : null}
            <button
              type="button"
              className="button button-quiet profile-danger"
              onClick={() => setDeleting(true)}
            >
              Delete my account
            </button>
          </div>
        </section>
      </main>
      <ConfirmDialog
        open={unsent > 0}
        title="Log out and lose unsent writing?"
        message={`${unsent === 1 ? 'One thing you wrote has' : `${unsent} things you wrote have`} not reached Müse yet (you are offline, or your session has ended). Logging out now erases ${unsent === 1 ? 'it' : 'them'} from this device. Sign in again or go online first to keep ${unsent === 1 ? 'it' : 'them'}.`}
        confirmLabel="Log out anyway"
        destructive
        onConfirm={() => void onLogOut(true)}
        onCancel={() => setUnsent(0)}
      />
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          void navigate(paths.categories);
        }}
      />
    </>
  );
}
