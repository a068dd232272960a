import type { SharedAnswersResponse } from '../../shared/api/world.ts';
import { postJson } from './post-json.ts';

// Typed calls for the world feed (SPEC §7; schemas in src/shared/api/world.ts).

export function fetchSharedAnswers(page: number) {
  return postJson<SharedAnswersResponse>('/api/answer/shared', { page });
}
