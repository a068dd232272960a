import type { ReactNode } from 'react';

export type OutsideLinkProps = { href: string; className?: string; children: ReactNode };

/**
 * A link that leaves Müse. Web addresses open in a new tab, and say so to screen readers;
 * a `mailto:` link opens the mail app, so it stays a plain link.
 */
export function OutsideLink({ href, className, children }: OutsideLinkProps) {
  if (href.startsWith('mailto:')) {
    return (
      <a className={className} href={href} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
