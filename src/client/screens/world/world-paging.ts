// SPEC §4 world paging and §9 "next page loads within 10% of the bottom", as pure decisions.

/** SPEC §9: the next page loads once the last 10% of the list is on screen. */
export const NEXT_PAGE_ZONE = 0.1;

/**
 * True when the bottom of the viewport has reached the last 10% of the list. `list` is the
 * list's box relative to the viewport (getBoundingClientRect's top and height).
 */
export function nearListEnd(list: { top: number; height: number }, viewportHeight: number) {
  if (list.height <= 0) return false;
  return viewportHeight >= list.top + list.height * (1 - NEXT_PAGE_ZONE);
}

/**
 * What the end of the list says. `more` is the spec's world `loading` flag: it stays true while
 * pages come back full (exactly 10), so it means "there may be more", and `fetching` is a page
 * actually on its way.
 */
export type FeedEnd = 'loading' | 'load-more' | 'empty' | 'end';

export function feedEnd(state: { count: number; more: boolean; fetching: boolean }): FeedEnd {
  if (state.fetching) return 'loading';
  if (state.more) return 'load-more';
  return state.count === 0 ? 'empty' : 'end';
}
