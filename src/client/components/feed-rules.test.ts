import { describe, expect, it } from 'vitest';
import { authorId, authorName, feedViewer, isLovedBy, lovesLabel } from './feed-rules.ts';

const alice = { _id: 'alice', name: 'Alice' };
const visitor = { _id: 'v1', name: '' };

describe('feedViewer', () => {
  it('knows the author of a named answer by id', () => {
    expect(feedViewer({ _id: 'a1', user_id: 'alice' }, alice, new Set())).toBe('author');
  });

  it('knows the author of an anonymous answer by their own answers', () => {
    expect(feedViewer({ _id: 'a1', user_id: null }, alice, new Set(['a1']))).toBe('author');
    expect(feedViewer({ _id: 'a1', user_id: null }, alice, new Set(['a2']))).toBe('member');
  });

  it('makes a user without a name a visitor', () => {
    expect(feedViewer({ _id: 'a1', user_id: 'bob' }, visitor, new Set())).toBe('visitor');
    expect(feedViewer({ _id: 'a1', user_id: 'bob' }, { _id: 'x', name: '  ' }, new Set())).toBe(
      'visitor',
    );
  });

  it('never matches a missing author with a missing user id', () => {
    expect(feedViewer({ _id: 'a1', user_id: null }, { _id: '', name: '' }, new Set())).toBe(
      'visitor',
    );
  });
});

describe('feed labels', () => {
  it('reads love from likers', () => {
    expect(isLovedBy({ likers: ['alice'] }, 'alice')).toBe(true);
    expect(isLovedBy({ likers: [] }, 'alice')).toBe(false);
    expect(isLovedBy({ likers: [''] }, '')).toBe(false);
  });

  it('never names the author of an anonymous answer', () => {
    expect(authorName({ anonymous: true, user_name: 'Alice' })).toBe('Anonymous');
    expect(authorName({ anonymous: false, user_name: 'Alice' })).toBe('Alice');
    expect(authorName({ anonymous: false, user_name: ' ' })).toBe('Anonymous');
    expect(authorId({ anonymous: true, user_id: 'alice' })).toBeNull();
    expect(authorId({ anonymous: false, user_id: 'alice' })).toBe('alice');
  });

  it('counts loves in words', () => {
    expect(lovesLabel(0)).toBe('0 loves');
    expect(lovesLabel(1)).toBe('1 love');
    expect(lovesLabel(12)).toBe('12 loves');
  });
});
