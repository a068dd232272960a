import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL's #fragment once the screen has rendered: a client-side
 * navigation to '/about#jobs' does not scroll by itself, and lazy screens mount after the browser
 * would have tried.
 */
export function useHashScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [hash]);
}
