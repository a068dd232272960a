import { journalEntryPath, paths } from '#client/routes.ts';
import { newId } from '#client/state/ids.ts';
import type { TodayPrompt } from '#client/state/store/app-state.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import {
  type CalendarDay,
  dayKey,
  isSameDay,
  parseDayKey,
  todayOf,
} from '#shared/domain/calendar-day.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { journalTitle } from '#shared/domain/date-format.ts';

// Which answer the answer screen shows for its URL (SPEC §2 answer routes), as a pure decision
// the screen then carries out. 'show' means the current answer already fits the URL.

export type AnswerRoute =
  /** /answer, or /answer?category={name} from a categories tile. */
  | { kind: 'current'; category: string | null }
  | { kind: 'today' }
  | { kind: 'journal' }
  | { kind: 'journal-answer'; answerId: string }
  | { kind: 'prompt'; promptId: string };

/** The part of the URL after /answer/ (prefix matches: extra segments are ignored). */
export function parseAnswerRoute(splat: string, search: URLSearchParams): AnswerRoute {
  const [first = '', second = ''] = splat.split('/').filter((s) => s !== '');
  if (first === '') return { kind: 'current', category: search.get('category') || null };
  if (first === 'today') return { kind: 'today' };
  if (first === 'journal') {
    return second ? { kind: 'journal-answer', answerId: second } : { kind: 'journal' };
  }
  return { kind: 'prompt', promptId: first };
}

/** Router state that begins a new journal entry at its address: its day's key, null for today. */
type NewEntryState = { newEntryDay: string | null };

/**
 * Where "New entry" and "Write for another day" go: a fresh id's address, with the day in the
 * router state (decideAnswer's `newEntryDay`), so the screen begins the entry there.
 */
export function newJournalEntry(day: CalendarDay | null = null): {
  to: string;
  state: NewEntryState;
} {
  return { to: journalEntryPath(newId()), state: { newEntryDay: day ? dayKey(day) : null } };
}

/** The day of a new entry a navigation's state asks for (null: today); undefined if none. */
export function newEntryDayOf(state: unknown): CalendarDay | null | undefined {
  if (typeof state !== 'object' || state === null || !('newEntryDay' in state)) return undefined;
  const day = (state as NewEntryState).newEntryDay;
  return typeof day === 'string' ? (parseDayKey(day) ?? undefined) : null;
}

export type AnswerContext = {
  /** The current answer (state.answer). */
  draft: Answer | null;
  answers: readonly Answer[];
  /** Approved and own prompts. */
  pool: readonly PromptView[];
  /** The approved and own prompts loads have finished (well or not). */
  promptsLoaded: boolean;
  answersLoaded: boolean;
  /**
   * The current answer was begun on this device and nothing is in it yet: no words or tags, not
   * typed in, never saved (answer-screen.tsx reads the editor for it).
   */
  draftUntouched?: boolean;
  todayPrompt: TodayPrompt;
  today: CalendarDay;
  category: string;
  /**
   * The navigation to /answer/journal/{id} came from "New entry" or "Write for another day"
   * (router state: newEntryState below): the day its new entry is for, null for today; undefined
   * for any other way of arriving.
   */
  newEntryDay?: CalendarDay | null;
};

export type AnswerDecision =
  | { kind: 'show' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'start-prompt'; prompt: PromptView; category: string }
  /** Pick a random prompt of `category` (impure, so the screen does it) and go to its URL. */
  | { kind: 'start-random'; category: string }
  /** A new journal entry: at the address's id and for a day, when the address names them. */
  | { kind: 'start-journal'; answerId?: string; day?: CalendarDay | null }
  | { kind: 'open'; answer: Answer; category: string };

const { all: ALL, journal: JOURNAL, today: TODAY, answers: ANSWERS } = PSEUDO_CATEGORIES;

/** The category a prompt is answered under: the current one if it fits, else its first. */
export function categoryFor(prompt: PromptView, current: string): string {
  if (current === ALL || prompt.categories.includes(current)) return current;
  return prompt.categories[0] ?? ALL;
}

function keepOrOpen(draft: Answer, category: string, wanted: string): AnswerDecision {
  return category === wanted ? { kind: 'show' } : { kind: 'open', answer: draft, category: wanted };
}

function startRandom(ctx: AnswerContext, category: string): AnswerDecision {
  if (ctx.pool.length > 0) return { kind: 'start-random', category };
  return ctx.promptsLoaded ? { kind: 'redirect', to: paths.categories } : { kind: 'wait' };
}

function decideToday(ctx: AnswerContext): AnswerDecision {
  const { todayPrompt, draft } = ctx;
  const id = todayPrompt.date === dayKey(ctx.today) ? todayPrompt.id : null;
  if (!id) {
    return ctx.promptsLoaded && ctx.pool.length === 0
      ? { kind: 'redirect', to: paths.categories }
      : { kind: 'wait' };
  }
  if (draft?.prompt_id === id) return keepOrOpen(draft, ctx.category, TODAY);
  const answeredToday = ctx.answers.find(
    (a) => a.prompt_id === id && isSameDay(todayOf(new Date(a.answered)), ctx.today),
  );
  if (answeredToday) return { kind: 'open', answer: answeredToday, category: TODAY };
  const prompt = ctx.pool.find((p) => p._id === id);
  if (prompt) return { kind: 'start-prompt', prompt, category: TODAY };
  return ctx.promptsLoaded ? { kind: 'redirect', to: paths.categories } : { kind: 'wait' };
}

/** Shared, locally or as last saved: such an entry is the world's too (decision 015). */
function isShared(answer: Answer, answers: readonly Answer[]): boolean {
  return answer.shared || answers.some((a) => a._id === answer._id && a.shared);
}

function decideJournal(ctx: AnswerContext): AnswerDecision {
  // Today's journal, titled with the date, continues the latest *private* entry of today. A
  // shared one is never written on by surprise: then a new private entry starts (decision 015).
  const title = journalTitle(ctx.today);
  const { draft, answers } = ctx;
  const isToday = (a: Answer) => a.prompt_id === null && a.prompt_title === title;
  const ours = draft && isToday(draft) && !isShared(draft, answers) ? draft : null;
  // An entry begun here with nothing in it yet gives way to one of today's that arrived since:
  // on a device whose copy was behind, the page begins today's journal before its loads bring
  // the entry written on another device, which it then continues.
  if (ours && !ctx.draftUntouched) return keepOrOpen(ours, ctx.category, JOURNAL);
  let latest: Answer | null = null;
  for (const a of answers) {
    if (!isToday(a) || a.shared) continue;
    if (!latest || a.answered > latest.answered) latest = a;
  }
  if (latest) return { kind: 'open', answer: latest, category: JOURNAL };
  if (ours) return keepOrOpen(ours, ctx.category, JOURNAL);
  return { kind: 'start-journal' };
}

export function decideAnswer(route: AnswerRoute, ctx: AnswerContext): AnswerDecision {
  const { draft } = ctx;
  switch (route.kind) {
    case 'current': {
      if (route.category && route.category !== ANSWERS) return startRandom(ctx, route.category);
      if (draft) return { kind: 'show' };
      if (ctx.category === JOURNAL) return { kind: 'redirect', to: paths.journal };
      if (ctx.category === TODAY) return { kind: 'redirect', to: paths.answerToday };
      if (ctx.category === ANSWERS) return { kind: 'redirect', to: paths.past };
      return startRandom(ctx, ctx.category);
    }
    case 'today':
      return decideToday(ctx);
    case 'journal':
      return decideJournal(ctx);
    case 'journal-answer': {
      if (draft?._id === route.answerId) return { kind: 'show' };
      const found = ctx.answers.find((a) => a._id === route.answerId);
      if (found) return { kind: 'open', answer: found, category: JOURNAL };
      // The entry begins here, at its own address, so the address and the entry never disagree
      // on the way (a draft begun before the navigation met the old address first).
      if (ctx.newEntryDay !== undefined) {
        return { kind: 'start-journal', answerId: route.answerId, day: ctx.newEntryDay };
      }
      return ctx.answersLoaded ? { kind: 'redirect', to: paths.categories } : { kind: 'wait' };
    }
    case 'prompt': {
      if (draft?.prompt_id === route.promptId) return { kind: 'show' };
      const prompt = ctx.pool.find((p) => p._id === route.promptId);
      if (prompt) {
        return { kind: 'start-prompt', prompt, category: categoryFor(prompt, ctx.category) };
      }
      // SPEC §2: an unknown prompt goes back to / — once the prompts are known.
      return ctx.promptsLoaded ? { kind: 'redirect', to: paths.categories } : { kind: 'wait' };
    }
  }
}
