import { describe, expect, it } from 'vitest';
import { authorLabel, excerpt, findPromptTitle, toSharedPreviews } from './home-data.ts';

const shared = (overrides: Record<string, unknown> = {}) => ({
  _id: 'a1',
  user_id: 'u1',
  user_name: 'Ada',
  prompt_title: 'What made you smile today?',
  text: 'The sea.',
  anonymous: false,
  likes: 1,
  sharedOn: '2026-11-20T10:00:00.000Z',
  profilePicture: null,
  ...overrides,
});

describe('findPromptTitle', () => {
  const data = {
    prompts: [
      { _id: 'p1', title: ' First ' },
      { _id: 'p2', title: 'Second' },
    ],
  };

  it('finds the title of the given prompt, trimmed', () => {
    expect(findPromptTitle(data, 'p1')).toBe('First');
    expect(findPromptTitle(data, 'p2')).toBe('Second');
  });

  it('is null for an unknown id, a missing id or a malformed response', () => {
    expect(findPromptTitle(data, 'p3')).toBeNull();
    expect(findPromptTitle(data, undefined)).toBeNull();
    expect(findPromptTitle({ prompts: 'nope' }, 'p1')).toBeNull();
    expect(findPromptTitle(null, 'p1')).toBeNull();
    expect(findPromptTitle({ prompts: [null, { _id: 'p1', title: '' }] }, 'p1')).toBeNull();
  });
});

describe('authorLabel', () => {
  it('shows the name of a named share', () => {
    expect(authorLabel({ anonymous: false, user_name: 'Ada' })).toBe('Ada');
  });

  it('never shows a name on an anonymous share', () => {
    expect(authorLabel({ anonymous: true, user_name: 'Ada' })).toBe('Anonymous');
  });

  it('falls back to Anonymous when no name came', () => {
    expect(authorLabel({ anonymous: false, user_name: '  ' })).toBe('Anonymous');
    expect(authorLabel({})).toBe('Anonymous');
  });
});

describe('excerpt', () => {
  it('keeps short text and its lines, collapsing spaces and blank lines', () => {
    expect(excerpt('  one\n\n\n\ntwo   three \n- four\t five ')).toBe(
      'one\n\ntwo three\n- four five',
    );
  });

  it('cuts at a line break as at a space', () => {
    expect(excerpt('word word\nword word word', 12)).toBe('word word…');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const result = excerpt(text, 22);
    expect(result).toBe('word word word word…');
    expect(result.length).toBeLessThanOrEqual(23);
  });

  it('cuts a single long word hard rather than returning nothing', () => {
    expect(excerpt('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('toSharedPreviews', () => {
  it('takes the first three answers, in order', () => {
    const data = { sharedAnswers: ['a', 'b', 'c', 'd'].map((id) => shared({ _id: id })) };
    expect(toSharedPreviews(data)?.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('labels anonymous answers Anonymous and named ones by name', () => {
    const data = {
      sharedAnswers: [shared({ _id: 'a', anonymous: true, user_name: '' }), shared({ _id: 'b' })],
    };
    expect(toSharedPreviews(data)).toEqual([
      { id: 'a', promptTitle: 'What made you smile today?', text: 'The sea.', author: 'Anonymous' },
      { id: 'b', promptTitle: 'What made you smile today?', text: 'The sea.', author: 'Ada' },
    ]);
  });

  it('skips malformed or empty answers without losing the count', () => {
    const data = {
      sharedAnswers: [
        null,
        shared({ _id: 1 }),
        shared({ _id: 'blank', text: '   ' }),
        ...['a', 'b', 'c'].map((id) => shared({ _id: id })),
      ],
    };
    expect(toSharedPreviews(data)?.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });

  it('is an empty list when none are shared, and null for a malformed response', () => {
    expect(toSharedPreviews({ sharedAnswers: [] })).toEqual([]);
    expect(toSharedPreviews({})).toBeNull();
    expect(toSharedPreviews('oops')).toBeNull();
  });
});
