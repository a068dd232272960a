import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useHashScroll } from './use-hash-scroll.ts';
import './public-page.css';

/** [fragment id, short label] of one entry in the page's "On this page" list. */
export type PageContentsEntry = readonly [id: string, label: string];

/**
 * The frame of the long public pages a visitor reads without the app (/about, /privacy,
 * /terms): a way back to Müse, an intro card ending in an "On this page" list, the sections,
 * and a footer of links to the other public pages. `#fragment` links scroll into place.
 */
export function PublicPage({
  modifier,
  intro,
  contents,
  footer,
  children,
}: {
  /** A class for what is particular to one page (e.g. 'about'). */
  modifier: string;
  intro: ReactNode;
  contents: readonly PageContentsEntry[];
  footer: readonly (readonly [to: string, label: string])[];
  children: ReactNode;
}) {
  useHashScroll();
  return (
    <div className={`public-page ${modifier}`}>
      <header className="public-page-header">
        <Link to="/" className="public-page-back">
          <span aria-hidden="true">←</span> Back to Müse
        </Link>
      </header>

      <main className="public-page-main">
        <div className="public-page-intro">
          {intro}
          <nav aria-label="On this page" className="public-page-toc">
            <ul className="public-page-chips">
              {contents.map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {children}
      </main>

      <footer className="public-page-footer">
        {footer.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </footer>
    </div>
  );
}

/** One card of a public page, reachable as `#id` and named by its heading. */
export function PublicSection({
  id,
  title,
  className = 'public-page-section',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** The dated intro of a policy page (privacy, terms): title, date, lead and the short version. */
export function PolicyIntro({
  title,
  updated,
  lead,
  summary,
}: {
  title: string;
  /** [ISO date, as written] */
  updated: readonly [iso: string, label: string];
  lead: ReactNode;
  /** The short version's `<li>` items. */
  summary: ReactNode;
}) {
  return (
    <>
      <h1 className="public-page-title">{title}</h1>
      <p className="policy-date">
        Last updated: <time dateTime={updated[0]}>{updated[1]}</time>
      </p>
      <p>{lead}</p>
      <section className="policy-summary" aria-labelledby="policy-summary">
        <h2 id="policy-summary">The short version</h2>
        <ul>{summary}</ul>
      </section>
    </>
  );
}
