import { describe, expect, it } from 'vitest';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import {
  type AnswerContext,
  decideAnswer,
  newEntryDayOf,
  newJournalEntry,
  parseAnswerRoute,
} from './answer-route.ts';

const today = { year: 2026, month: 3, day: 5 };
const { all: ALL, journal: JOURNAL, today: TODAY, answers: ANSWERS } = PSEUDO_CATEGORIES;

function context(fields: Partial<AnswerContext> = {}): AnswerContext {
  return {
    draft: null,
    answers: [],
    pool: [],
    promptsLoaded: true,
    answersLoaded: true,
    todayPrompt: { id: null, date: null },
    today,
    category: ALL,
    ...fields,
  };
}

describe('parseAnswerRoute', () => {
  const parse = (splat: string, query = '') => parseAnswerRoute(splat, new URLSearchParams(query));

  it('reads every answer route of SPEC §2', () => {
    expect(parse('')).toEqual({ kind: 'current', category: null });
    expect(parse('', 'category=Work')).toEqual({ kind: 'current', category: 'Work' });
    expect(parse('today')).toEqual({ kind: 'today' });
    expect(parse('journal')).toEqual({ kind: 'journal' });
    expect(parse('journal/a1')).toEqual({ kind: 'journal-answer', answerId: 'a1' });
    expect(parse('seed-life-01')).toEqual({ kind: 'prompt', promptId: 'seed-life-01' });
  });

  it('matches by prefix: extra segments are ignored', () => {
    expect(parse('seed-life-01/more')).toEqual({ kind: 'prompt', promptId: 'seed-life-01' });
    expect(parse('journal/a1/x')).toEqual({ kind: 'journal-answer', answerId: 'a1' });
  });
});

describe('decideAnswer', () => {
  describe('/answer/{promptId}', () => {
    it('goes back to / when the prompt is unknown once prompts have loaded', () => {
      const decision = decideAnswer({ kind: 'prompt', promptId: 'nope' }, context());
      expect(decision).toEqual({ kind: 'redirect', to: '/' });
    });

    it('waits while the prompts are still loading', () => {
      const ctx = context({ promptsLoaded: false });
      expect(decideAnswer({ kind: 'prompt', promptId: 'nope' }, ctx)).toEqual({ kind: 'wait' });
    });

    it('starts an answer to a known prompt in a category that fits it', () => {
      const prompt = buildPrompt({ categories: ['Work', 'Growth'] });
      const inGrowth = context({ pool: [prompt], category: 'Growth' });
      expect(decideAnswer({ kind: 'prompt', promptId: prompt._id }, inGrowth)).toEqual({
        kind: 'start-prompt',
        prompt,
        category: 'Growth',
      });
      const elsewhere = context({ pool: [prompt], category: 'Life' });
      expect(decideAnswer({ kind: 'prompt', promptId: prompt._id }, elsewhere)).toMatchObject({
        category: 'Work',
      });
    });

    it('shows the current answer when it is for that prompt', () => {
      const prompt = buildPrompt();
      const draft = buildAnswer({ prompt_id: prompt._id });
      const decision = decideAnswer(
        { kind: 'prompt', promptId: prompt._id },
        context({ pool: [prompt], draft }),
      );
      expect(decision).toEqual({ kind: 'show' });
    });
  });

  describe('/answer/today', () => {
    const prompt = buildPrompt();
    const todayPrompt = { id: prompt._id, date: '2026-03-05' };

    it("waits for today's prompt", () => {
      const stale = context({ pool: [prompt], todayPrompt: { id: 'old', date: '2026-03-04' } });
      expect(decideAnswer({ kind: 'today' }, stale)).toEqual({ kind: 'wait' });
    });

    it("starts an answer to today's prompt", () => {
      const decision = decideAnswer({ kind: 'today' }, context({ pool: [prompt], todayPrompt }));
      expect(decision).toEqual({ kind: 'start-prompt', prompt, category: TODAY });
    });

    it('opens the answer already written today instead of starting another', () => {
      const written = buildAnswer({ prompt_id: prompt._id, answered: '2026-03-05T12:00:00' });
      const decision = decideAnswer(
        { kind: 'today' },
        context({ pool: [prompt], todayPrompt, answers: [written] }),
      );
      expect(decision).toEqual({ kind: 'open', answer: written, category: TODAY });
    });

    it('goes back to / when there are no prompts at all', () => {
      expect(decideAnswer({ kind: 'today' }, context())).toEqual({ kind: 'redirect', to: '/' });
    });
  });

  describe('/answer/journal', () => {
    it("starts a journal entry, or continues today's", () => {
      expect(decideAnswer({ kind: 'journal' }, context())).toEqual({ kind: 'start-journal' });
      const entry = buildAnswer({ prompt_id: null, prompt_title: 'Mar 5, 2026' });
      expect(decideAnswer({ kind: 'journal' }, context({ answers: [entry] }))).toEqual({
        kind: 'open',
        answer: entry,
        category: JOURNAL,
      });
      expect(
        decideAnswer({ kind: 'journal' }, context({ draft: entry, category: JOURNAL })),
      ).toEqual({ kind: 'show' });
    });

    it("never continues today's entry once it is shared: a new private one starts", () => {
      const shared = buildAnswer({ prompt_id: null, prompt_title: 'Mar 5, 2026', shared: true });
      expect(decideAnswer({ kind: 'journal' }, context({ answers: [shared] }))).toEqual({
        kind: 'start-journal',
      });
      // Not even when it is still the answer on screen, shared since it was opened.
      const asDrafted = { ...shared, shared: false };
      expect(
        decideAnswer(
          { kind: 'journal' },
          context({ draft: asDrafted, answers: [shared], category: JOURNAL }),
        ),
      ).toEqual({ kind: 'start-journal' });
    });

    it('continues the latest private entry of today, past a shared one', () => {
      const first = buildAnswer({
        prompt_id: null,
        prompt_title: 'Mar 5, 2026',
        answered: '2026-03-05T08:00:00.000Z',
      });
      const second = buildAnswer({
        prompt_id: null,
        prompt_title: 'Mar 5, 2026',
        answered: '2026-03-05T12:00:00.000Z',
      });
      const shared = buildAnswer({
        prompt_id: null,
        prompt_title: 'Mar 5, 2026',
        answered: '2026-03-05T18:00:00.000Z',
        shared: true,
      });
      expect(
        decideAnswer({ kind: 'journal' }, context({ answers: [shared, first, second] })),
      ).toEqual({ kind: 'open', answer: second, category: JOURNAL });
    });

    it("lets an untouched new entry give way to today's entry from another device, once loaded", () => {
      const begun = buildAnswer({ prompt_id: null, prompt_title: 'Mar 5, 2026', text: '' });
      const elsewhere = buildAnswer({ prompt_id: null, prompt_title: 'Mar 5, 2026' });
      const ctx = { draft: begun, category: JOURNAL, draftUntouched: true };
      // Before the load: the new entry stays on screen.
      expect(decideAnswer({ kind: 'journal' }, context(ctx))).toEqual({ kind: 'show' });
      // The load brings the morning's entry: it is continued.
      expect(decideAnswer({ kind: 'journal' }, context({ ...ctx, answers: [elsewhere] }))).toEqual({
        kind: 'open',
        answer: elsewhere,
        category: JOURNAL,
      });
      // Typed in (or saved) meanwhile: the new entry stays.
      expect(
        decideAnswer(
          { kind: 'journal' },
          context({ ...ctx, draftUntouched: false, answers: [elsewhere] }),
        ),
      ).toEqual({ kind: 'show' });
    });

    it("does not continue another day's entry", () => {
      const old = buildAnswer({ prompt_id: null, prompt_title: 'Mar 4, 2026' });
      expect(decideAnswer({ kind: 'journal' }, context({ draft: old, answers: [old] }))).toEqual({
        kind: 'start-journal',
      });
    });

    it('begins a new entry at its own address, for the day the navigation names (decision 058)', () => {
      const route = { kind: 'journal-answer', answerId: 'fresh1' } as const;
      // "New entry": today.
      expect(decideAnswer(route, context({ newEntryDay: null }))).toEqual({
        kind: 'start-journal',
        answerId: 'fresh1',
        day: null,
      });
      // "Write for another day": that day, whatever the draft on screen before.
      const before = buildAnswer({ prompt_id: null, prompt_title: 'Mar 5, 2026' });
      const day = { year: 2026, month: 3, day: 1 };
      expect(
        decideAnswer(route, context({ draft: before, answers: [before], newEntryDay: day })),
      ).toEqual({ kind: 'start-journal', answerId: 'fresh1', day });
      // Once begun, it shows; and an address someone merely types is no new entry.
      const begun = buildAnswer({ _id: 'fresh1', prompt_id: null });
      expect(decideAnswer(route, context({ draft: begun, newEntryDay: day }))).toEqual({
        kind: 'show',
      });
      expect(decideAnswer(route, context())).toEqual({ kind: 'redirect', to: '/' });
    });

    it('reads the day of a new entry from the router state, and nothing else', () => {
      const { to, state } = newJournalEntry({ year: 2026, month: 3, day: 1 });
      expect(to).toMatch(/^\/answer\/journal\/[0-9a-f]{32}$/);
      expect(newEntryDayOf(state)).toEqual({ year: 2026, month: 3, day: 1 });
      expect(newEntryDayOf(newJournalEntry().state)).toBeNull();
      expect(newEntryDayOf(null)).toBeUndefined();
      expect(newEntryDayOf({ from: '/past' })).toBeUndefined();
      expect(newEntryDayOf({ newEntryDay: 'not a day' })).toBeUndefined();
    });

    it('opens a journal answer by id, or goes back to / when there is none', () => {
      const entry = buildAnswer({ prompt_id: null });
      expect(
        decideAnswer(
          { kind: 'journal-answer', answerId: entry._id },
          context({ answers: [entry] }),
        ),
      ).toEqual({ kind: 'open', answer: entry, category: JOURNAL });
      expect(decideAnswer({ kind: 'journal-answer', answerId: 'gone' }, context())).toEqual({
        kind: 'redirect',
        to: '/',
      });
    });
  });

  describe('/answer', () => {
    it('picks a random prompt of the category a tile asked for', () => {
      const ctx = context({ pool: [buildPrompt()] });
      expect(decideAnswer({ kind: 'current', category: 'Work' }, ctx)).toEqual({
        kind: 'start-random',
        category: 'Work',
      });
    });

    it('shows the current answer', () => {
      const ctx = context({ draft: buildAnswer(), category: ANSWERS });
      expect(decideAnswer({ kind: 'current', category: null }, ctx)).toEqual({ kind: 'show' });
    });

    it('sends an empty Answers view back to My answers', () => {
      const ctx = context({ category: ANSWERS });
      expect(decideAnswer({ kind: 'current', category: null }, ctx)).toEqual({
        kind: 'redirect',
        to: '/past',
      });
    });
  });
});
