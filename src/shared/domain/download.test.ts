import { describe, expect, it } from 'vitest';
import { downloadFileName, downloadText } from './download.ts';

/** An ISO timestamp at local noon, so the expected local day holds in every time zone. */
const noon = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).toISOString();
const answer = (answered: string, prompt_title: string, text: string) => ({
  answered,
  prompt_title,
  text,
});

describe('downloadText', () => {
  it('writes date, prompt and text separated by blank lines', () => {
    expect(downloadText([answer(noon(2020, 3, 5), 'What went well?', 'The walk.')])).toBe(
      'Mar 5, 2020\n\nWhat went well?\n\nThe walk.\n',
    );
  });

  it('puts the newest first and separates answers with ---', () => {
    const text = downloadText([
      answer(noon(2020, 3, 5), 'Older', 'a'),
      answer(noon(2021, 1, 2), 'Newest', 'c'),
      answer(noon(2020, 12, 31), 'Middle', 'b'),
    ]);
    expect(text).toBe(
      'Jan 2, 2021\n\nNewest\n\nc' +
        '\n\n---\n\n' +
        'Dec 31, 2020\n\nMiddle\n\nb' +
        '\n\n---\n\n' +
        'Mar 5, 2020\n\nOlder\n\na\n',
    );
  });

  it('sorts by time, not by the text of the timestamp', () => {
    const text = downloadText([
      answer('2020-03-05T12:00:00+05:00', 'Earlier', 'a'), // 07:00Z
      answer('2020-03-05T08:00:00Z', 'Later', 'b'),
    ]);
    expect(text.indexOf('Later')).toBeLessThan(text.indexOf('Earlier'));
  });

  it('does not reorder the caller’s array', () => {
    const answers = [answer(noon(2020, 1, 1), 'a', ''), answer(noon(2021, 1, 1), 'b', '')];
    downloadText(answers);
    expect(answers.map((a) => a.prompt_title)).toEqual(['a', 'b']);
  });

  it('is empty for no answers', () => {
    expect(downloadText([])).toBe('');
  });
});

describe('downloadFileName', () => {
  const today = { year: 2026, month: 11, day: 22 };

  it('names a single answer after the day it was written', () => {
    expect(downloadFileName([answer(noon(2020, 3, 5), 't', 'x')], today)).toBe(
      'muse-answer-2020-03-05.txt',
    );
  });

  it('names many answers after today', () => {
    const two = [answer(noon(2020, 3, 5), 't', 'x'), answer(noon(2020, 3, 6), 't', 'y')];
    expect(downloadFileName(two, today)).toBe('muse-answers-2026-11-22.txt');
  });

  it('falls back to today for none or an unreadable date', () => {
    expect(downloadFileName([], today)).toBe('muse-answers-2026-11-22.txt');
    expect(downloadFileName([answer('bad', 't', 'x')], today)).toBe('muse-answer-2026-11-22.txt');
  });
});
