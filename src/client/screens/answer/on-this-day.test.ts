import { describe, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import { MEMORY_PREVIEW, onThisDay, previewOf } from './on-this-day.ts';

const TODAY = { year: 2026, month: 11, day: 23 };

/** Noon local time on that day, so the calendar day does not depend on the time zone. */
function at(year: number, month: number, day: number): string {
  return new Date(year, month - 1, day, 12).toISOString();
}

function answer(id: string, answered: string, extra: Partial<Answer> = {}): Answer {
  return {
    _id: id,
    user_id: 'me',
    user_name: 'Me',
    prompt_id: 'p1',
    prompt_title: 'A prompt',
    answered,
    modified: answered,
    text: `words of ${id}`,
    type: 'prompt',
    categories: [],
    shared: false,
    sharedOn: null,
    anonymous: false,
    likes: 0,
    likers: [],
    reported: false,
    score: 3,
    profilePicture: null,
    ...extra,
  } as Answer;
}

const current = { _id: 'now', prompt_id: 'p9', answered: at(2026, 11, 23) };

describe('onThisDay', () => {
  it('is null with nothing earlier', () => {
    expect(onThisDay([], current, TODAY)).toEqual([]);
    expect(onThisDay([answer('now', at(2025, 11, 23))], current, TODAY)).toEqual([]);
  });

  it('finds last year’s answer on this date: "A year ago, in 2025, you wrote…"', () => {
    const memories = onThisDay(
      [answer('old', at(2025, 11, 23), { prompt_id: 'p2' }), answer('x', at(2025, 11, 22))],
      current,
      TODAY,
    );
    expect(memories.map((m) => m.answer._id)).toEqual(['old']);
    expect(memories[0]?.label).toBe('A year ago, in 2025, you wrote…');
    expect(memories[0]?.year).toBe(2025);
  });

  it('lists every earlier year’s answer on this date, newest year first, each with its year', () => {
    const memories = onThisDay(
      [
        answer('a', at(2023, 11, 23)),
        answer('c', at(2025, 11, 23)),
        answer('b', at(2024, 11, 23)),
        answer('other-day', at(2024, 11, 24)),
      ],
      current,
      TODAY,
    );
    expect(memories.map((m) => m.answer._id)).toEqual(['c', 'b', 'a']);
    expect(memories.map((m) => m.label)).toEqual([
      'A year ago, in 2025, you wrote…',
      'In 2024 you wrote…',
      'In 2023 you wrote…',
    ]);
    expect(memories.map((m) => m.year)).toEqual([2025, 2024, 2023]);
  });

  it('prefers an earlier answer to the same prompt, whatever its date', () => {
    const memories = onThisDay(
      [
        answer('date', at(2025, 11, 23), { prompt_id: 'p2' }),
        answer('prompt', at(2025, 3, 4), { prompt_id: 'p9' }),
        answer('prompt-older', at(2024, 3, 4), { prompt_id: 'p9' }),
      ],
      current,
      TODAY,
    );
    // The same prompt's newest first, then this date's; the older answer to the prompt is not.
    expect(memories.map((m) => m.answer._id)).toEqual(['prompt', 'date']);
    expect(memories[0]?.label).toBe('In 2025 you wrote…');
  });

  it('says the date for an answer to the same prompt earlier this year', () => {
    const memories = onThisDay([answer('p', at(2026, 3, 4), { prompt_id: 'p9' })], current, TODAY);
    expect(memories[0]?.label).toBe('On Mar 4, 2026 you wrote…');
  });

  it('shows an answer that is both to the same prompt and on this date only once', () => {
    const memories = onThisDay(
      [answer('both', at(2025, 11, 23), { prompt_id: 'p9' }), answer('b', at(2024, 11, 23))],
      current,
      TODAY,
    );
    expect(memories.map((m) => m.answer._id)).toEqual(['both', 'b']);
  });

  it('skips empty answers, the answer itself, today’s answers and later ones', () => {
    const memories = onThisDay(
      [
        answer('empty', at(2025, 11, 23), { text: '  ' }),
        answer('now', at(2025, 11, 23)),
        answer('today', at(2026, 11, 23), { prompt_id: 'p9' }),
        answer('future', at(2027, 11, 23)),
      ],
      current,
      TODAY,
    );
    expect(memories).toEqual([]);
  });

  it('a journal entry (no prompt) is matched by date only', () => {
    const memories = onThisDay(
      [answer('same-null', at(2026, 1, 5), { prompt_id: null })],
      { _id: 'now', prompt_id: null, answered: '' },
      TODAY,
    );
    expect(memories).toEqual([]);
  });
});

describe('editing an old answer', () => {
  it('recalls only what was written before it', () => {
    const old = { _id: 'old', prompt_id: 'p9', answered: at(2024, 5, 1) };
    const answers = [answer('later', at(2025, 5, 1), { prompt_id: 'p9' })];
    expect(onThisDay(answers, old, TODAY)).toEqual([]);
    answers.push(answer('earlier', at(2023, 5, 1), { prompt_id: 'p9' }));
    expect(onThisDay(answers, old, TODAY).map((m) => m.answer._id)).toEqual(['earlier']);
  });
});

describe('an entry for an earlier day', () => {
  // Issue 35: yesterday's entry written this morning recalls yesterday's date, not today's.
  it('recalls the earlier years of its own date, labelled from it', () => {
    const yesterday = { _id: 'y', prompt_id: null, answered: at(2026, 11, 22) };
    const answers = [
      answer('today-2025', at(2025, 11, 23), { prompt_id: null }),
      answer('yesterday-2025', at(2025, 11, 22), { prompt_id: null }),
      answer('yesterday-2024', at(2024, 11, 22), { prompt_id: null }),
    ];
    const memories = onThisDay(answers, yesterday, TODAY);
    expect(memories.map((m) => [m.answer._id, m.label])).toEqual([
      ['yesterday-2025', 'A year ago, in 2025, you wrote…'],
      ['yesterday-2024', 'In 2024 you wrote…'],
    ]);
  });

  it('recalls today’s date for an answer not dated yet', () => {
    const undated = { _id: 'new', prompt_id: null, answered: '' };
    const answers = [answer('today-2025', at(2025, 11, 23), { prompt_id: null })];
    expect(onThisDay(answers, undated, TODAY).map((m) => m.answer._id)).toEqual(['today-2025']);
  });
});

describe('previewOf', () => {
  it('keeps the first two lines and cuts long text at a word', () => {
    expect(previewOf('one\ntwo\nthree')).toBe('one two');
    const long = 'word '.repeat(100);
    const preview = previewOf(long);
    expect(preview.length).toBeLessThanOrEqual(MEMORY_PREVIEW + 1);
    expect(preview.endsWith('word…')).toBe(true);
  });
});
