import { useSyncExternalStore } from 'react';

// My answers on a phone (issue 35 point 3): the search, dates, category and calendar fold away
// behind one "Filter" button, so the first answer is the first thing seen.

/** Wide enough for the filters to stay open beside the answers (answer-list.css). */
const WIDE_QUERY = '(min-width: 760px)';

/** How many filters narrow the list: the words, the dates (or the day), the category. */
export function filtersOn(filters: {
  search: string;
  from: string;
  to: string;
  category: string;
}): number {
  return [
    filters.search.trim() !== '',
    filters.from !== '' || filters.to !== '',
    filters.category !== '',
  ].filter(Boolean).length;
}

/** The Filter button's words: 'Filter', or 'Filter, 2 on' while filters narrow the list. */
export function filterLabel(on: number): string {
  return on === 0 ? 'Filter' : `Filter, ${on} on`;
}

function subscribe(changed: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** True on a screen wide enough to keep the filters open. */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => false,
  );
}
