import { readKeyBundle } from '#server/db/key-bundle.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { conflict } from '#server/plugins/errors.ts';
import type { KeyBundle } from '#shared/api/encryption.ts';
import { deleteAnswerForUser } from '../answers/answers.service.ts';
import { deleteSealedPhotos } from '../photos/photos.service.ts';
import { confirmOwnPassword } from '../users/users.service.ts';
import { encryptedAnswerIds, writeKeyBundle } from './encryption.repo.ts';

// Issue 37: private entries encrypted on the person's devices (docs/ENCRYPTION.md). The server
// keeps the key bundle for their other devices; it never sees the key or the words.

export const STILL_ENCRYPTED =
  'Some entries or photos are still encrypted: decrypt them on this device before turning encryption off';

export async function keyBundleOf(deps: AppDeps, userId: string): Promise<KeyBundle | null> {
  const stored = await readKeyBundle(deps.db, userId);
  return stored ? (JSON.parse(stored) as KeyBundle) : null;
}

/**
 * Puts `bundle` in place (null: off) once the password is confirmed: someone holding only a
 * session must not swap in a key of their own, which the person's next device would adopt.
 */
export async function setKeyBundle(
  deps: AppDeps,
  user: UserRow,
  bundle: KeyBundle | null,
  password: string,
  forfeit = false,
): Promise<KeyBundle | null> {
  await confirmOwnPassword(deps, user, password);
  if (bundle === null && forfeit) {
    // Nobody can open them any more: deleted as any entry is (photos, score, a tombstone), so a
    // device's offline record cannot bring one back.
    for (const answerId of await encryptedAnswerIds(deps.db, user.id)) {
      await deleteAnswerForUser(deps, user, answerId);
    }
    // And the sealed photos of entries that were not (their rows, then their files).
    await deleteSealedPhotos(deps, user.id);
  }
  if (!(await writeKeyBundle(deps.db, user.id, bundle ? JSON.stringify(bundle) : null))) {
    throw conflict(STILL_ENCRYPTED);
  }
  return bundle;
}
