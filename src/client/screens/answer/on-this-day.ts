import type { Answer } from '#shared/api/answers.ts';
import { type CalendarDay, todayOf } from '#shared/domain/calendar-day.ts';
import { formatDate } from '#shared/domain/date-format.ts';

// Issue 17 B "On this day": an earlier answer of one's own to show beside the one being
// written — to the same prompt, or written on this calendar date in an earlier year. Pure, from
// the person's own answers list only, so nobody else's words can ever be chosen.

/** How many characters of the earlier answer are shown before the link to all of it. */
export const MEMORY_PREVIEW = 180;

export type Memory = { answer: Answer; label: string; preview: string; year: number };

function dayOf(answer: Pick<Answer, 'answered'>): CalendarDay | null {
  const at = new Date(answer.answered);
  return Number.isNaN(at.getTime()) ? null : todayOf(at);
}

function before(a: CalendarDay, b: CalendarDay): boolean {
  if (a.year !== b.year) return a.year < b.year;
  if (a.month !== b.month) return a.month < b.month;
  return a.day < b.day;
}

/** The first lines of a text, cut at a word near MEMORY_PREVIEW characters. */
export function previewOf(text: string): string {
  const lines = text.trim().split(/\n+/).slice(0, 2).join(' ');
  if (lines.length <= MEMORY_PREVIEW) return lines;
  const cut = lines.slice(0, MEMORY_PREVIEW);
  const space = cut.lastIndexOf(' ');
  return `${(space > MEMORY_PREVIEW / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function labelFor(day: CalendarDay, today: CalendarDay, iso: string): string {
  const sameDate = day.month === today.month && day.day === today.day;
  if (sameDate && today.year - day.year === 1) return `A year ago, in ${day.year}, you wrote…`;
  if (day.year < today.year) return `In ${day.year} you wrote…`;
  return `On ${formatDate(iso)} you wrote…`;
}

function memoryOf(e: { answer: Answer; day: CalendarDay }, today: CalendarDay): Memory {
  return {
    answer: e.answer,
    label: labelFor(e.day, today, e.answer.answered),
    preview: previewOf(e.answer.text),
    year: e.day.year,
  };
}

/**
 * The memories for the answer being written (`current`): first the newest earlier answer to the
 * same prompt, then every answer written on its date in an earlier year, newest year first
 * (issue 35: not only the newest), each once and each labelled with its year. Its date is the
 * day it is dated (yesterday's entry written this morning recalls yesterday's date, an old
 * answer opened again its own), `today` for an answer not dated yet. Only answers with words,
 * written before that day and before `current`, and never `current` itself. Empty when none.
 */
export function onThisDay(
  answers: readonly Answer[],
  current: Pick<Answer, '_id' | 'prompt_id' | 'answered'>,
  today: CalendarDay,
): Memory[] {
  const day = (current.answered && dayOf(current)) || today;
  const earlier = answers
    .filter((a) => a._id !== current._id && a.text.trim() !== '')
    // Editing an old answer recalls what came before it, not after.
    .filter((a) => !current.answered || a.answered < current.answered)
    .map((answer) => ({ answer, day: dayOf(answer) }))
    .filter((e): e is { answer: Answer; day: CalendarDay } => e.day !== null)
    .filter((e) => before(e.day, day))
    .sort((x, y) => y.answer.answered.localeCompare(x.answer.answered));
  const samePrompt =
    current.prompt_id === null
      ? undefined
      : earlier.find((e) => e.answer.prompt_id === current.prompt_id);
  const sameDate = earlier.filter(
    (e) => e.day.month === day.month && e.day.day === day.day && e !== samePrompt,
  );
  return [...(samePrompt ? [samePrompt] : []), ...sameDate].map((e) => memoryOf(e, day));
}
