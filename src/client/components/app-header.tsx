import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../routes.ts';
import { openSideMenu } from '../state/menu-state.ts';
import { BackIcon, GlobeIcon, MenuIcon } from './icons.tsx';
import './app-header.css';

export type AppHeaderProps = {
  title: ReactNode;
  /** The title is the page's h1 (the default) or, when the page has its own h1, a plain line. */
  titleIsHeading?: boolean;
  start?: ReactNode;
  end?: ReactNode;
};

/** The bar at the top of every app screen: a control, the title, a control. */
export function AppHeader({ title, titleIsHeading = true, start, end }: AppHeaderProps) {
  const Title = titleIsHeading ? 'h1' : 'p';
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <div className="app-header-start">{start}</div>
        <Title className="app-header-title" tabIndex={titleIsHeading ? -1 : undefined}>
          {title}
        </Title>
        <div className="app-header-end">{end}</div>
      </div>
    </header>
  );
}

export function MenuButton() {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      onClick={openSideMenu}
    >
      <MenuIcon />
    </button>
  );
}

export function WorldLink() {
  return (
    <Link className="icon-button" to={paths.world} aria-label="Müse world: shared answers">
      <GlobeIcon />
    </Link>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link className="icon-button" to={to} aria-label={label}>
      <BackIcon />
    </Link>
  );
}
