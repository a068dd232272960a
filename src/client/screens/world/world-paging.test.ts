import { describe, expect, it } from 'vitest';
import { feedEnd, nearListEnd } from './world-paging.ts';

describe('nearListEnd', () => {
  // A 1000 px list starting at the top of an 800 px viewport: its last 10% starts at 900 px.
  it('waits until the last 10% of the list is on screen', () => {
    expect(nearListEnd({ top: 0, height: 1000 }, 800)).toBe(false);
    expect(nearListEnd({ top: -99, height: 1000 }, 800)).toBe(false);
    expect(nearListEnd({ top: -100, height: 1000 }, 800)).toBe(true);
    expect(nearListEnd({ top: -600, height: 1000 }, 800)).toBe(true);
  });

  it('is true for a list shorter than the screen, false for an empty one', () => {
    expect(nearListEnd({ top: 80, height: 300 }, 800)).toBe(true);
    expect(nearListEnd({ top: 80, height: 0 }, 800)).toBe(false);
  });
});

describe('feedEnd', () => {
  it('says loading while a page is on its way', () => {
    expect(feedEnd({ count: 0, more: false, fetching: true })).toBe('loading');
    expect(feedEnd({ count: 10, more: true, fetching: true })).toBe('loading');
  });

  it('offers more after a full page, and tells an empty world from the end', () => {
    expect(feedEnd({ count: 10, more: true, fetching: false })).toBe('load-more');
    expect(feedEnd({ count: 0, more: false, fetching: false })).toBe('empty');
    expect(feedEnd({ count: 25, more: false, fetching: false })).toBe('end');
  });
});
