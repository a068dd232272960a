import { describe, expect, it } from 'vitest';
import { dailyDoneToday } from './daily-done.ts';

const today = { year: 2026, month: 11, day: 27 };
const prompt = { id: 'p1', date: '2026-11-27' };
const noon = (day: number) => new Date(2026, 10, day, 12).toISOString();

describe("the Daily tile's done today", () => {
  it("is done once today's prompt has words written today", () => {
    expect(
      dailyDoneToday(prompt, [{ prompt_id: 'p1', answered: noon(27), text: 'Yes' }], today),
    ).toBe(true);
  });

  it('is not done for another prompt, another day, an empty answer or an old prompt', () => {
    expect(
      dailyDoneToday(prompt, [{ prompt_id: 'p2', answered: noon(27), text: 'x' }], today),
    ).toBe(false);
    expect(
      dailyDoneToday(prompt, [{ prompt_id: 'p1', answered: noon(26), text: 'x' }], today),
    ).toBe(false);
    expect(
      dailyDoneToday(prompt, [{ prompt_id: 'p1', answered: noon(27), text: '  ' }], today),
    ).toBe(false);
    const yesterdays = { id: 'p1', date: '2026-11-26' };
    expect(
      dailyDoneToday(yesterdays, [{ prompt_id: 'p1', answered: noon(27), text: 'x' }], today),
    ).toBe(false);
  });
});
