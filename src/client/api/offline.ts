import type { RequestOf, ResponseOf } from '#shared/api/endpoints.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { api } from './call.ts';

// The offline sync (SPEC §7 /api/offline/save; src/shared/api/offline.ts).

export type OfflinePayload = RequestOf<'/api/offline/save'>['offline'];
export type OfflineSaveResponse = ResponseOf<'/api/offline/save'>;

/** Sends an offline record for the caller's calendar day (month 1-12). */
export function postOfflineSave(userId: string, offline: OfflinePayload, today: CalendarDay) {
  return api('/api/offline/save', { user_id: userId, offline, ...today });
}
