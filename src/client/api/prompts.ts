import type { RequestOf } from '#shared/api/endpoints.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { api } from './call.ts';

// Calls for prompts, categories and today's prompt (SPEC §7; src/shared/api/prompts.ts).

export function fetchApprovedPrompts() {
  return api('/api/prompts/approved');
}

export function fetchUserPrompts(userId: string) {
  return api('/api/prompts/user', { _id: userId });
}

export function fetchCategories() {
  return api('/api/categories');
}

/** The prompt that stands for the caller's calendar day (month 1-12), the same for everyone. */
export function fetchTodayPrompt(today: CalendarDay) {
  return api('/api/prompt/today', today);
}

export function postPromptCreate(prompt: RequestOf<'/api/prompt/create'>['prompt']) {
  return api('/api/prompt/create', { prompt });
}
