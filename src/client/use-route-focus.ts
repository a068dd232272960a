import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (a lazy chunk, a first load). */
const HEADING_WAIT_MS = 3000;

/** The new page's main heading: the h1 inside <main>, or the page's first h1. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
}

/** True when nothing has focus, or the focused element left with the old page. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * After a client route change, focus moves to the new page's main heading (made focusable with
 * tabIndex=-1), so a screen-reader or keyboard user starts at the top of the new page instead
 * of on <body>. Not on the very first load (the browser's own start is right), not for a change
 * of query or hash only, and never when the new screen already put focus somewhere itself.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let focused: HTMLElement | null = null;
    const tryFocus = (): void => {
      // Once placed, focus stays unless its heading went (a loading heading replaced).
      if (focused?.isConnected) return;
      const heading = mainHeading();
      if (!heading || !focusIsLost()) {
        if (heading && !focused) focused = heading;
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    tryFocus();
    // The heading may come a moment later (a loading state, a lazy chunk): watch for a while.
    const observer = new MutationObserver(tryFocus);
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
