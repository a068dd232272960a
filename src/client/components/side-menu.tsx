import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '#shared/domain/date-format.ts';
import { downloadAnswers } from '../download-answers.ts';
import { paths } from '../routes.ts';
import { CONTACT_EMAIL, mailtoHref, RATING_MAILTO } from '../screens/about/public-links.ts';
import { isAdminName } from '../state/account/account-rules.ts';
import { closeSideMenu } from '../state/menu-state.ts';
import { getState, useAppState } from '../state/store/app-store.ts';
import { ThemePicker } from '../theme/theme-picker.tsx';
import { AccountSlot } from './account-slot.tsx';
import { CloseIcon } from './icons.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { shareSite } from './share-site.ts';
import './side-menu.css';

/** SPEC §2 side menu: a drawer from the left, a modal dialog like the others. */
export function SideMenu() {
  const open = useAppState((s) => s.sideMenu);
  const hasAnswers = useAppState((s) => s.answers.length > 0);
  const started = useAppState((s) => s.user.started);
  const isAdmin = useAppState((s) => isAdminName(s.admin, s.user.name));
  const titleId = useId();
  const since = formatDate(started);
  return (
    <ModalDialog open={open} onClose={closeSideMenu} labelledBy={titleId} className="side-menu">
      <div className="side-menu-head">
        <p id={titleId} className="side-menu-title">
          Müse
        </p>
        <button
          type="button"
          className="icon-button"
          aria-label="Close menu"
          onClick={closeSideMenu}
        >
          <CloseIcon />
        </button>
      </div>
      <AccountSlot />
      <nav aria-label="Menu">
        <ul className="side-menu-list">
          <li>
            <Link className="side-menu-item" to={paths.categories} onClick={closeSideMenu}>
              Categories
            </Link>
          </li>
          <li>
            <Link className="side-menu-item" to={paths.past} onClick={closeSideMenu}>
              My answers
            </Link>
          </li>
          <li>
            <Link className="side-menu-item" to={paths.userProfile} onClick={closeSideMenu}>
              My profile
            </Link>
          </li>
          {isAdmin ? (
            <li>
              <Link className="side-menu-item" to={paths.admin} onClick={closeSideMenu}>
                Admin
              </Link>
            </li>
          ) : null}
          {hasAnswers ? (
            <li>
              <button
                type="button"
                className="side-menu-item"
                onClick={() => downloadAnswers(getState().answers)}
              >
                Download my answers
              </button>
            </li>
          ) : null}
          <li>
            <a className="side-menu-item" href={mailtoHref(CONTACT_EMAIL)}>
              Contact us
            </a>
          </li>
          <li>
            <button type="button" className="side-menu-item" onClick={() => void shareSite()}>
              Share
            </button>
          </li>
          <li>
            <a className="side-menu-item" href={RATING_MAILTO}>
              Rate
            </a>
          </li>
          <li>
            <Link className="side-menu-item" to={paths.about} onClick={closeSideMenu}>
              About
            </Link>
          </li>
          <li>
            <Link className="side-menu-item" to={`${paths.home}#app`} onClick={closeSideMenu}>
              iOS app
            </Link>
          </li>
        </ul>
      </nav>
      <ThemePicker className="side-menu-theme" />
      {since ? <p className="side-menu-since">Müsing since {since}</p> : null}
    </ModalDialog>
  );
}
