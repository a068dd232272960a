import { Link } from 'react-router';
import { paths, signUpPath } from '../routes.ts';
import { closeSideMenu } from '../state/menu-state.ts';
import { useAppState } from '../state/store/app-store.ts';
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
      {/* The avatar sits beside the link, not inside it: its letter would count as the link's
          visible text, which the name "Ida: my profile" leaves out (WCAG 2.5.3 label in name,
          axe's label-content-name-mismatch). The link still covers the whole row. */}
      <div className="account-slot-user">
        <Avatar picture={picture} name={name} size={52} />
        <Link
          className="account-slot-name"
          to={paths.userProfile}
          onClick={closeSideMenu}
          aria-label={`${name}: my profile`}
        >
          {name}
        </Link>
      </div>
      {sessionLost ? (
        <Link className="account-slot-again" to={paths.login} onClick={closeSideMenu}>
          Sign in again to sync
        </Link>
      ) : null}
    </div>
  );
}
