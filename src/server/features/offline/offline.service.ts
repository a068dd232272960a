import type { z } from 'zod';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError } from '#server/plugins/errors.ts';
import type { OfflineCopy, offlineRecordSchema } from '#shared/api/offline.ts';
import { type CalendarDay, dayKey, daysBetween, parseDayKey } from '#shared/domain/calendar-day.ts';
import { applyStreak } from '#shared/domain/streak.ts';
import {
  deleteAnswerForUser,
  ENCRYPTION_ON,
  saveAnswerForUser,
} from '../answers/answers.service.ts';
import { createPromptForUser } from '../prompts/prompts.service.ts';
import { setStreak } from '../users/users.service.ts';

type Record = z.output<typeof offlineRecordSchema>;

/** A record entry that can never apply (someone else's id, an invalid prompt) is skipped. */
async function skipRefused<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    // Words for an account whose entries are encrypted are not skipped but refuse the record:
    // the device keeps it, seals it and sends it again (docs/ENCRYPTION.md).
    if (error instanceof HttpError && error.message === ENCRYPTION_ON) throw error;
    if (error instanceof HttpError && error.statusCode < 500) return undefined;
    throw error;
  }
}

/**
 * The streak the client counted offline, accepted only as far as it is possible: one more day
 * per calendar day since the server's last streak day, never later than the caller's tomorrow
 * (a day counted before travelling west across the date line, like countedToday online).
 */
export function offlineStreak(
  user: Pick<UserRow, 'streak' | 'longest_streak' | 'last'>,
  record: Pick<Record, 'streak' | 'last'>,
  today: CalendarDay,
): { streak: number; longestStreak: number; last: string } | null {
  const lastDay = record.last ? parseDayKey(record.last) : null;
  if (!lastDay || daysBetween(today, lastDay) > 1) return null;
  const serverLast = user.last ? parseDayKey(user.last) : null;
  if (serverLast && daysBetween(serverLast, lastDay) <= 0) return null;
  const applied = applyStreak(
    { streak: user.streak, longestStreak: user.longest_streak, last: user.last },
    lastDay,
  );
  const elapsed = serverLast ? daysBetween(serverLast, lastDay) : 1;
  const claimed = record.streak ?? applied.streak;
  const streak = Math.min(Math.max(claimed, 1), user.streak + elapsed);
  return { streak, longestStreak: Math.max(user.longest_streak, streak), last: dayKey(lastDay) };
}

/**
 * Applies an offline record idempotently: deletions, then answers, then created prompts
 * (idempotent by id), then the streak through the same rules as online. An answer with a
 * `base_revision` follows the online rule (decision 013): written from the current revision it
 * applies; written from an older one with other text, the server's text stays and the offline
 * text is kept as a separate answer (returned in the copies); its own text again changes
 * nothing. An answer without one (an older client's record): the newer `modified` wins. Either
 * way a replay changes nothing and never counts score twice.
 */
export async function applyOfflineRecord(
  deps: AppDeps,
  user: UserRow,
  record: Record,
  today: CalendarDay,
): Promise<OfflineCopy[]> {
  const copies: OfflineCopy[] = [];
  const deleted = new Set(record.deleted);
  for (const answerId of deleted) {
    await deleteAnswerForUser(deps, user, answerId);
  }
  for (const answer of record.answered) {
    if (deleted.has(answer._id)) continue;
    const result = await skipRefused(() =>
      saveAnswerForUser(deps, user, answer, { onlyIfNewer: true, onConflict: 'keep-copy' }),
    );
    if (result?.copy) copies.push({ answer_id: answer._id, copy_id: result.copy.id });
  }
  // SPEC §6: only named users submit prompts, offline or not.
  if (user.name !== '') {
    for (const prompt of record.created) {
      if (prompt.user_id && prompt.user_id !== user.id) continue;
      await skipRefused(() => createPromptForUser(deps, user, prompt));
    }
  }
  const streak = offlineStreak(user, record, today);
  if (streak) {
    await setStreak(deps, user.id, streak);
  }
  return copies;
}
