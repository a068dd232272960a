import type { Answer } from '#shared/api/answers.ts';
import type { PersistedState } from './app-state.ts';
import { keptWords, localCipher, sealWordsFor } from './local-words.ts';

// An encrypted account's saved state (docs/ENCRYPTION.md "The copy on the device"): the person
// in words beside the whole state sealed. Loaded by persistence.ts only when there is one.

/** A saved state read and brought to this version (persistence.ts), or null when unusable. */
type Restore = (saved: unknown) => PersistedState | null;

/**
 * A sealed state this device could not open at start-up (its journal is locked): written as it
 * is until the key is here, then joined with the store's.
 */
export type Carried = { sealed: string; join: (now: PersistedState) => PersistedState | null };

/**
 * The saved state, its sealed part opened with the key this device keeps. Without the key: the
 * person alone (`clear`), and the sealed part carried as it is until the unlock opens it.
 */
export async function openSealedState(
  clear: PersistedState,
  sealed: string,
  restore: Restore,
): Promise<{ state: PersistedState; carried: Carried | null }> {
  sealWordsFor(clear.user._id);
  const opened = await openSealed(clear.user._id, sealed);
  const kept = opened === null ? null : restore(JSON.parse(opened));
  if (kept) return { state: keptTogether({ ...kept, user: clear.user }, clear), carried: null };
  const join = (now: PersistedState) => {
    const words = keptWords(sealed);
    const later = words === null ? null : restore(JSON.parse(words));
    return later ? keptTogether(now, later) : null;
  };
  return { state: clear, carried: { sealed, join } };
}

/** `sealed` opened with the key this device keeps for `userId`; null when it holds none. */
async function openSealed(userId: string, sealed: string): Promise<string | null> {
  try {
    const keys = await import('#client/encryption/device-key.ts');
    await keys.restoreDeviceKey(userId);
    return (await localCipher()?.openAsync(sealed)) ?? null;
  } catch {
    return null;
  }
}

/**
 * `base`, with the answers only `extra` has, and the newer of the two where both have one (an
 * entry written offline while the journal was locked, and the copy sealed before).
 */
export function keptTogether(base: PersistedState, extra: PersistedState): PersistedState {
  const newest = (mine: Answer[], more: Answer[]) => {
    const byId = new Map(mine.map((a) => [a._id, a]));
    for (const a of more) {
      const known = byId.get(a._id);
      if (!known || a.modified > known.modified) byId.set(a._id, a);
    }
    return [...byId.values()];
  };
  const [now, then] = [base.offline, extra.offline];
  return {
    ...base,
    answers: newest(base.answers, extra.answers),
    offline: {
      beenOffline: now.beenOffline || then.beenOffline,
      answered: newest(now.answered, then.answered),
      created: [
        ...now.created,
        ...then.created.filter((p) => !now.created.some((c) => c._id === p._id)),
      ],
      deleted: [...new Set([...now.deleted, ...then.deleted])],
      streak: now.streak ?? then.streak,
      longestStreak: now.longestStreak ?? then.longestStreak,
      score: now.score ?? then.score,
      last: now.last ?? then.last,
    },
  };
}
