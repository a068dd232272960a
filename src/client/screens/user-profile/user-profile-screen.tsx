import { Link } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { PictureUpload } from './picture-upload.tsx';
import { ProfileAccount } from './profile-account.tsx';
import { ProfileData } from './profile-data.tsx';
import { ProfileHead } from './profile-head.tsx';
import { ProfileLinks } from './profile-links.tsx';
import { ProfileStats } from './profile-stats.tsx';
import './user-profile-screen.css';

/**
 * SPEC §2 /userProfile: with a name — the name, a settings button and the picture upload; without
 * — Sign in and Sign up. For everyone: the shared count, streak, longest streak, score, 'Müsing
 * since', the SPEC's buttons, the data export and account deletion.
 */
export function UserProfileScreen() {
  useTitle('My profile');
  const named = useAppState((s) => s.user.name !== '');
  const sessionLost = useAppState((s) => s.sessionLost);
  return (
    <>
      <AppHeader
        title="My profile"
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page profile-page">
        <ProfileHead />
        {sessionLost ? (
          <p className="card profile-notice">
            Your session has ended. Everything you write stays on this device until you{' '}
            <Link to={paths.login}>sign in again</Link>.
          </p>
        ) : null}
        {named ? <PictureUpload /> : null}
        <ProfileStats />
        <ProfileLinks />
        <ProfileData />
        <ProfileAccount />
      </main>
    </>
  );
}
