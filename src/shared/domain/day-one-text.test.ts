import { describe, expect, it } from 'vitest';
import { firstHeading, titleOf, unescapeMarkdown } from './day-one-text.ts';
import { sameWallClock } from './import-items.ts';

// Issue 35 point 4: Day One's text as CommonMark reads it, titles from the entry, own-zone days.

describe('unescapeMarkdown', () => {
  it('drops a backslash before ASCII punctuation, as CommonMark reads it', () => {
    expect(unescapeMarkdown('Train home from Berlin\\. Tired but good\\.')).toBe(
      'Train home from Berlin. Tired but good.',
    );
    expect(unescapeMarkdown('\\*not bold\\* \\# \\(1\\) 3\\-4 \\[x\\] \\\\ \\! \\~ \\`')).toBe(
      '*not bold* # (1) 3-4 [x] \\ ! ~ `',
    );
  });

  it('keeps a backslash before anything else, and inside code', () => {
    expect(unescapeMarkdown('C:\\Users\\me and \\é and a\\b')).toBe(
      'C:\\Users\\me and \\é and a\\b',
    );
    expect(unescapeMarkdown('run `a\\.b` then a\\.b')).toBe('run `a\\.b` then a.b');
    expect(unescapeMarkdown('```\nx\\.y\n```\nz\\.')).toBe('```\nx\\.y\n```\nz.');
    expect(unescapeMarkdown('~~~~\n\\*\n~~~\n\\*\n~~~~\n\\*')).toBe('~~~~\n\\*\n~~~\n\\*\n~~~~\n*');
  });
});

describe('titleOf', () => {
  it('takes a first-line heading as the title and leaves it out of the text', () => {
    expect(titleOf('# Train home\n\nTired but good.')).toEqual({
      title: 'Train home',
      text: 'Tired but good.',
    });
    expect(titleOf('\n## Berlin ##\nText')).toEqual({ title: 'Berlin', text: 'Text' });
    // A heading alone stays the text too, so the entry is not empty.
    expect(titleOf('# Only this')).toEqual({ title: 'Only this', text: 'Only this' });
  });

  it('takes a short first line with more after it, and keeps it in the text', () => {
    const text = 'A good day\nWe walked by the river.';
    expect(titleOf(text)).toEqual({ title: 'A good day', text });
  });

  it('has no title for one line, a long first line, an escaped # or nothing', () => {
    expect(titleOf('Just one line.').title).toBeNull();
    expect(titleOf(`${'word '.repeat(20)}\nmore`).title).toBeNull();
    expect(titleOf('\\# not a heading but short\nmore').title).toBe('\\# not a heading but short');
    expect(titleOf('#hashtag\nmore').title).toBe('#hashtag');
    expect(titleOf('   ').title).toBeNull();
  });
});

describe('firstHeading', () => {
  it('finds the first # heading outside code, else null', () => {
    expect(firstHeading('Some words\n\n# A walk\n\n# Later')).toBe('A walk');
    expect(firstHeading('```\n# comment\n```\n## sub\n# Real')).toBe('Real');
    expect(firstHeading('no heading\n#tag')).toBeNull();
  });
});

describe('sameWallClock', () => {
  it('keeps the wall clock of the entry zone in the importer zone', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Berlin: it stays 5 March, 00:30.
    expect(sameWallClock('2026-03-04T23:30:00.000Z', 'Europe/Berlin', 'UTC')).toBe(
      '2026-03-05T00:30:00.000Z',
    );
    expect(sameWallClock('2026-03-04T23:30:15.250Z', 'Europe/Berlin', 'America/New_York')).toBe(
      '2026-03-05T05:30:15.250Z',
    );
    expect(sameWallClock('2026-07-01T10:00:00.000Z', 'UTC', 'UTC')).toBe(
      '2026-07-01T10:00:00.000Z',
    );
    // Summer time on both sides.
    expect(sameWallClock('2026-07-01T22:30:00.000Z', 'Europe/Berlin', 'Pacific/Kiritimati')).toBe(
      '2026-07-01T10:30:00.000Z',
    );
  });
});
