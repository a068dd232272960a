import type {
  CreatePromptRequest,
  PromptResponse,
  PromptsResponse,
  TodayPromptResponse,
} from '#shared/api/prompts.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { postJson } from './post-json.ts';

// Typed calls for prompts, categories and today's prompt (SPEC §7; src/shared/api/prompts.ts).

export function fetchApprovedPrompts() {
  return postJson<PromptsResponse>('/api/prompts/approved');
}

export function fetchUserPrompts(userId: string) {
  return postJson<PromptsResponse>('/api/prompts/user', { _id: userId });
}

export function fetchCategories() {
  return postJson<{ categories: string[] }>('/api/categories');
}

/** The prompt that stands for the caller's calendar day (month 1-12), the same for everyone. */
export function fetchTodayPrompt(today: CalendarDay) {
  return postJson<Partial<TodayPromptResponse>>('/api/prompt/today', today);
}

export function postPromptCreate(prompt: CreatePromptRequest['prompt']) {
  return postJson<PromptResponse>('/api/prompt/create', { prompt });
}
