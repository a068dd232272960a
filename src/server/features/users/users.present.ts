import { parseStringList } from '#server/db/json-list.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { OwnUser } from '#shared/api/users.ts';
import { passcodeLockOf } from './passcode-hash.ts';

/** The caller's own record: everything they may see about themselves, never the password hash. */
export function presentOwnUser(
  row: UserRow,
  owned: { answered: string[]; created: string[] },
): OwnUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email ?? '',
    profilePicture: row.profile_picture ?? '',
    created: owned.created,
    answered: owned.answered,
    started: row.started,
    streak: row.streak,
    longestStreak: row.longest_streak,
    score: row.score,
    last: row.last,
    categories: parseStringList(row.categories),
    // The passcode is checked on the owner's device (SPEC §8 'local'): only the owner gets how
    // to check it, and never the code itself (decision 014).
    code: passcodeLockOf(row.passcode_hash),
    old_id: row.old_id ?? '',
    encryption: row.key_bundle !== null,
  };
}
