import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OfflineRecord } from '../store/app-state.ts';
import { setState } from '../store/app-store.ts';

// ─── THE OFFLINE FALLBACK SEAM ───────────────────────────────────────────────────────────────
// SPEC §8: a failed answer save or delete, prompt create, streak update or reset, or profile
// picture "falls back to an offline variant, no message". Every write in writes.ts has already
// changed the local state before it calls the server, so nothing the user did is lost on this
// device; when the call fails (other than a lost session) it lands here, and only here.
//
// What this does: notes the write in the SPEC §3 offline record, so that nothing is forgotten
// and answer loads do not drop what the server has not seen (answer-merge.ts). The offline sync
// (offline-sync.ts) sends the record to `/api/offline/save` and empties it on success (SPEC §4
// "Offline").

export type FailedWrite =
  | { kind: 'answer-save'; answer: Answer }
  | { kind: 'answer-delete'; answerId: string }
  | { kind: 'prompt-create'; prompt: PromptView }
  | {
      kind: 'streak';
      fields: { streak: number; longestStreak: number; score: number; last: string | null };
    }
  | { kind: 'profile-picture'; userId: string; profilePicture: string };

/** The offline record after `write` failed (pure, for tests and for the sync to reuse). */
export function recordOffline(record: OfflineRecord, write: FailedWrite): OfflineRecord {
  switch (write.kind) {
    case 'answer-save':
      return {
        ...record,
        beenOffline: true,
        answered: [...record.answered.filter((a) => a._id !== write.answer._id), write.answer],
        deleted: record.deleted.filter((id) => id !== write.answer._id),
      };
    case 'answer-delete':
      return {
        ...record,
        beenOffline: true,
        answered: record.answered.filter((a) => a._id !== write.answerId),
        deleted: record.deleted.includes(write.answerId)
          ? record.deleted
          : [...record.deleted, write.answerId],
      };
    case 'prompt-create':
      return {
        ...record,
        beenOffline: true,
        created: [...record.created.filter((p) => p._id !== write.prompt._id), write.prompt],
      };
    case 'streak':
      return { ...record, beenOffline: true, ...write.fields };
    case 'profile-picture':
      // The offline record of SPEC §3 has no picture field: the picture is kept on the local
      // user only, and the next successful user load decides.
      return { ...record, beenOffline: true };
  }
}

/** Called by writes.ts when a write could not reach the server. */
export function fallBackOffline(write: FailedWrite): void {
  setState((state) => ({ offline: recordOffline(state.offline, write) }));
}
