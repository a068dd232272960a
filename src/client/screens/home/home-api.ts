import type { TodayPromptResponse } from '../../../shared/api/prompts.ts';
import { todayOf } from '../../../shared/domain/calendar-day.ts';
import { postJson } from '../../api/post-json.ts';
import { findPromptTitle, type SharedPreview, toSharedPreviews } from './home-data.ts';

/** Today's prompt for the visitor's local calendar day (month 1-12), or null if unknown. */
export async function loadTodayPromptTitle(now = new Date()): Promise<string | null> {
  const [today, approved] = await Promise.all([
    postJson<Partial<TodayPromptResponse>>('/api/prompt/today', todayOf(now)),
    postJson<unknown>('/api/prompts/approved'),
  ]);
  return findPromptTitle(approved, today.prompt_id);
}

/** The first shared answers of the world feed; null when the feed could not be read. */
export async function loadSharedPreviews(): Promise<SharedPreview[] | null> {
  return toSharedPreviews(await postJson<unknown>('/api/answer/shared', { page: 1 }));
}
