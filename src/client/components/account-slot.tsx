import { Link } from 'react-router';
import { paths, signUpPath } from '../routes.ts';
import { useAppState } from '../state/app-store.ts';
import { closeSideMenu } from '../state/menu-state.ts';
import { Avatar } from './avatar.tsx';
import './account-slot.css';

/**
 * The account part of the side menu (SPEC §2): Sign in / Sign up when logged out; the profile
 * picture and name, linking to the profile, when logged in — with a nudge to sign in again when
 * the session has ended.
 */
export function AccountSlot() {
  const name = useAppState((s) => s.user.name);
  const picture = useAppState((s) => s.user.profilePicture);
  const sessionLost = useAppState((s) => s.sessionLost);
  if (!name) {
    return (
      <div className="account-slot account-slot-out">
        <p className="account-slot-text">Keep your answers safe on every device.</p>
        <div className="account-slot-buttons">
          <Link className="button button-small" to={paths.login} onClick={closeSideMenu}>
            Sign in
          </Link>
          <Link
            className="button button-quiet button-small"
            to={signUpPath}
            onClick={closeSideMenu}
          >
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="account-slot">
      {/* Named by its content ("Ida: my profile"), not by an aria-label: the avatar's letter is
          visible text too, and a label that leaves out what is seen fails WCAG 2.5.3, label in
          name (axe's label-content-name-mismatch). */}
      <Link className="account-slot-user" to={paths.userProfile} onClick={closeSideMenu}>
        <Avatar picture={picture} name={name} size={52} />
        <span className="account-slot-name">{name}</span>
        <span className="visually-hidden">: my profile</span>
      </Link>
      {sessionLost ? (
        <Link className="account-slot-again" to={paths.login} onClick={closeSideMenu}>
          Sign in again to sync
        </Link>
      ) : null}
    </div>
  );
}
