import { Link } from 'react-router';
import { paths } from '#client/routes.ts';
import { CONTACT_EMAIL, mailtoHref } from '../about/public-links.ts';

/** The SPEC's profile buttons: add a prompt, my answers, shared answers, contact us. */
export function ProfileLinks() {
  return (
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
  );
}
