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
 * Unlocking the passcode lock counts as arriving on the page: the lock was all there was.
 */
export function useRouteFocus(locked = false): void {
  const { pathname } = useLocation();
  // While locked there is no page to settle focus on.
  const screen = locked ? null : pathname;
  // The screen focus was last settled for: the first load's, so that one is left alone (also
  // when StrictMode runs the effect twice in development).
  const settled = useRef(screen);
  useEffect(() => {
    if (settled.current === screen) return;
    settled.current = screen;
    if (screen === null) return;
    // The first real heading of the new page, unless the screen already placed focus. A screen
    // may swap its first heading for another while it settles (Daily shows the day's prompt in a
    // frame, then the editor with its own heading, on the same path): focus follows the swap.
    let placed: HTMLElement | null = null;
    const tryFocus = (): boolean => {
      const heading = mainHeading();
      if (!heading || heading.classList.contains('loading')) return false;
      if (placed === heading) return true;
      if (placed === null || !placed.isConnected) {
        if (focusIsLost()) {
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.focus({ preventScroll: true });
          placed = heading;
        } else if (placed === null) {
          // The screen put focus somewhere itself: leave it there, and stop watching.
          return true;
        }
      }
      return true;
    };
    const firstTry = tryFocus();
    if (firstTry && placed === null) return;
    // The heading may come a moment later (a lazy chunk, a loading state), or be replaced.
    const observer = new MutationObserver(() => {
      const done = tryFocus();
      if (done && placed === null) stop();
    });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [screen]);
}
