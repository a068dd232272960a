import { Link, useNavigate } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { paths, signUpPath } from '#client/routes.ts';
import { loadEditForm } from '#client/state/account/account.ts';
import { useAppState } from '#client/state/store/app-store.ts';

/**
 * The top of the profile: a named person's name, e-mail and Settings; for someone without a
 * name, the invitation to sign in or sign up.
 */
export function ProfileHead() {
  const navigate = useNavigate();
  const name = useAppState((s) => s.user.name);
  const email = useAppState((s) => s.user.email);

  const openSettings = () => {
    loadEditForm();
    void navigate(paths.userSettings);
  };

  if (name !== '') {
    return (
      <section className="profile-head">
        <h2 className="profile-name">{name}</h2>
        {email ? <p className="profile-email">{email}</p> : null}
        <button type="button" className="button button-quiet button-small" onClick={openSettings}>
          Settings
        </button>
      </section>
    );
  }
  return (
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
  );
}
