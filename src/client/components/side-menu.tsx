import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../shared/domain/date-format.ts';
import { downloadAnswers } from '../download-answers.ts';
import { paths } from '../routes.ts';
import { CONTACT_EMAIL, mailtoHref } from '../screens/about/public-links.ts';
import { getState, useAppState } from '../state/app-store.ts';
import { closeSideMenu } from '../state/side-menu.ts';
import { CloseIcon } from './icons.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import './side-menu.css';

/**
 * The account part of the menu: Sign in / Sign up when logged out, picture and name when logged
 * in (SPEC §2 side menu). It belongs to the accounts work (issue 5), which fills this slot.
 */
function AccountSlot() {
  return null;
}

/** SPEC §2 side menu: a drawer from the left, a modal dialog like the others. */
export function SideMenu() {
  const open = useAppState((s) => s.sideMenu);
  const hasAnswers = useAppState((s) => s.answers.length > 0);
  const started = useAppState((s) => s.user.started);
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
            <Link className="side-menu-item" to={paths.about} onClick={closeSideMenu}>
              About
            </Link>
          </li>
        </ul>
      </nav>
      {since ? <p className="side-menu-since">Müsing since {since}</p> : null}
    </ModalDialog>
  );
}
