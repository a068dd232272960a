import type { Answer } from '#shared/api/answers.ts';
import type { OfflineCopy, OfflineSaveRequest } from '#shared/api/offline.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { postJson } from './post-json.ts';

// Typed call for the offline sync (SPEC §7 /api/offline/save; src/shared/api/offline.ts).

/** SPEC §7: the server's copy of everything the record touched (+ decision 013's copies). */
export type OfflineSaveResponse = {
  user: OwnUser;
  answers: Answer[];
  myPrompts: PromptView[];
  copies?: OfflineCopy[];
};

/** Sends an offline record for the caller's calendar day (month 1-12). */
export function postOfflineSave(
  userId: string,
  offline: OfflineSaveRequest['offline'],
  today: CalendarDay,
) {
  return postJson<OfflineSaveResponse>('/api/offline/save', {
    user_id: userId,
    offline,
    ...today,
  });
}
