import type { Answer } from '#shared/api/answers.ts';
import { type CalendarDay, dayKey, isSameDay, todayOf } from '#shared/domain/calendar-day.ts';

/**
 * Whether today's prompt (the Daily tile) has an answer written today: the prompt of `today`,
 * answered on this device's today, with words in it.
 */
export function dailyDoneToday(
  todayPrompt: { id: string | null; date: string | null },
  answers: readonly Pick<Answer, 'prompt_id' | 'answered' | 'text'>[],
  today: CalendarDay,
): boolean {
  if (!todayPrompt.id || todayPrompt.date !== dayKey(today)) return false;
  return answers.some(
    (a) =>
      a.prompt_id === todayPrompt.id &&
      a.text.trim() !== '' &&
      isSameDay(todayOf(new Date(a.answered)), today),
  );
}
