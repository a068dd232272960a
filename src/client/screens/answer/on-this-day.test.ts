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
    expect(onThisDay([], current, TODAY)).toBeNull();
    expect(onThisDay([answer('now', at(2025, 11, 23))], current, TODAY)).toBeNull();
  });

  it('finds last year’s answer on this date: "A year ago you wrote…"', () => {
    const memory = onThisDay(
      [answer('old', at(2025, 11, 23), { prompt_id: 'p2' }), answer('x', at(2025, 11, 22))],
      current,
      TODAY,
    );
    expect(memory?.answer._id).toBe('old');
    expect(memory?.label).toBe('A year ago you wrote…');
  });

  it('names the year for older years and takes the newest of them', () => {
    const memory = onThisDay(
      [answer('a', at(2023, 11, 23)), answer('b', at(2024, 11, 23))],
      current,
      TODAY,
    );
    expect(memory?.answer._id).toBe('b');
    expect(memory?.label).toBe('In 2024 you wrote…');
  });

  it('prefers an earlier answer to the same prompt, whatever its date', () => {
    const memory = onThisDay(
      [
        answer('date', at(2025, 11, 23), { prompt_id: 'p2' }),
        answer('prompt', at(2025, 3, 4), { prompt_id: 'p9' }),
        answer('prompt-older', at(2024, 3, 4), { prompt_id: 'p9' }),
      ],
      current,
      TODAY,
    );
    expect(memory?.answer._id).toBe('prompt');
    expect(memory?.label).toBe('In 2025 you wrote…');
  });

  it('says the date for an answer to the same prompt earlier this year', () => {
    const memory = onThisDay([answer('p', at(2026, 3, 4), { prompt_id: 'p9' })], current, TODAY);
    expect(memory?.label).toBe('On Mar 4, 2026 you wrote…');
  });

  it('skips empty answers, the answer itself, today’s answers and later ones', () => {
    const memory = onThisDay(
      [
        answer('empty', at(2025, 11, 23), { text: '  ' }),
        answer('now', at(2025, 11, 23)),
        answer('today', at(2026, 11, 23), { prompt_id: 'p9' }),
        answer('future', at(2027, 11, 23)),
      ],
      current,
      TODAY,
    );
    expect(memory).toBeNull();
  });

  it('a journal entry (no prompt) is matched by date only', () => {
    const memory = onThisDay(
      [answer('same-null', at(2026, 1, 5), { prompt_id: null })],
      { _id: 'now', prompt_id: null, answered: '' },
      TODAY,
    );
    expect(memory).toBeNull();
  });
});

describe('editing an old answer', () => {
  it('recalls only what was written before it', () => {
    const old = { _id: 'old', prompt_id: 'p9', answered: at(2024, 5, 1) };
    const answers = [answer('later', at(2025, 5, 1), { prompt_id: 'p9' })];
    expect(onThisDay(answers, old, TODAY)).toBeNull();
    answers.push(answer('earlier', at(2023, 5, 1), { prompt_id: 'p9' }));
    expect(onThisDay(answers, old, TODAY)?.answer._id).toBe('earlier');
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
