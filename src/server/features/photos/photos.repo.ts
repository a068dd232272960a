import type { Database } from '#server/db/database.ts';
import type { EntryPhotosTable } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { parseSharedPhotos, type SharedPhoto } from '#shared/domain/shared-photos.ts';

export type PhotoRow = EntryPhotosTable;

/** Whether the answer exists and is the user's: photos attach only to one's own entries. */
export async function isOwnAnswer(
  db: Database,
  answerId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('answers')
    .select('id')
    .where('id', '=', answerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The entry's photos, in their order. Only ever asked with the caller's own id. */
export async function listPhotosOfAnswer(
  db: Database,
  answerId: string,
  userId: string,
): Promise<PhotoRow[]> {
  return db
    .selectFrom('entry_photos')
    .selectAll()
    .where('answer_id', '=', answerId)
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Every photo of the user's, entry by entry in order: for exports and erasure. */
export async function listPhotosOfUser(db: Database, userId: string): Promise<PhotoRow[]> {
  return db
    .selectFrom('entry_photos')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('answer_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Adds the photo to the user's entry unless the entry holds `max` already ('full'), or is not
 * theirs or gone ('no-answer'). The entry's row lock (a no-op UPDATE, portable like the
 * save's, db/answer-queries.ts) is taken first, so two uploads at once cannot both take the
 * last place, nor attach to an entry being deleted.
 */
export async function insertPhotoIfRoom(
  trx: Database,
  row: Omit<PhotoRow, 'position'>,
  max: number,
): Promise<PhotoRow | 'full' | 'no-answer'> {
  const locked = await trx
    .updateTable('answers')
    .set((eb) => ({ score: eb.ref('score') }))
    .where('id', '=', row.answer_id)
    .where('user_id', '=', row.user_id)
    .returning('id')
    .executeTakeFirst();
  if (!locked) return 'no-answer';
  const existing = await trx
    .selectFrom('entry_photos')
    .select(['position'])
    .where('answer_id', '=', row.answer_id)
    .execute();
  if (existing.length >= max) return 'full';
  const position = existing.reduce((top, photo) => Math.max(top, Number(photo.position) + 1), 0);
  const photo = { ...row, position };
  await trx.insertInto('entry_photos').values(photo).execute();
  return photo;
}

/** The photo if it is the user's; undefined for anyone else's, as for no photo at all. */
export async function findOwnPhoto(
  db: Database,
  photoId: string,
  userId: string,
): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('entry_photos')
    .selectAll()
    .where('id', '=', photoId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Forgets the user's photo; its storage key and entry, or null when not theirs or gone. */
export async function deleteOwnPhotoRow(
  db: Database,
  photoId: string,
  userId: string,
): Promise<{ storage_key: string; answer_id: string } | null> {
  const row = await db
    .deleteFrom('entry_photos')
    .where('id', '=', photoId)
    .where('user_id', '=', userId)
    .returning(['storage_key', 'answer_id'])
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Puts another file in place of the user's photo, only while it still names `fromKey` (a
 * replace racing another, or the photo's deletion, changes nothing): the photo as it now is, or
 * undefined when it was not theirs, is gone, or names another file.
 */
export async function swapPhotoFile(
  db: Database,
  photoId: string,
  userId: string,
  fromKey: string,
  file: Pick<PhotoRow, 'storage_key' | 'bytes' | 'width' | 'height' | 'encrypted'>,
): Promise<PhotoRow | undefined> {
  return db
    .updateTable('entry_photos')
    .set(file)
    .where('id', '=', photoId)
    .where('user_id', '=', userId)
    .where('storage_key', '=', fromKey)
    .returningAll()
    .executeTakeFirst();
}

/** Forgets the user's sealed photos; the storage keys of those it forgot. */
export async function deleteSealedPhotoRows(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('entry_photos')
    .where('user_id', '=', userId)
    .where('encrypted', '=', 1)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Takes the public copy of photo `photoId` out of its entry's world copy (answers.shared_photos),
 * under the entry's row lock; the copy taken, or null when it had none.
 */
export async function takeSharedCopyOf(
  db: Database,
  answerId: string,
  userId: string,
  photoId: string,
): Promise<SharedPhoto | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('answers')
      .set((eb) => ({ score: eb.ref('score') }))
      .where('id', '=', answerId)
      .where('user_id', '=', userId)
      .returning('shared_photos')
      .executeTakeFirst();
    const copies = parseSharedPhotos(row?.shared_photos);
    const taken = copies.find((copy) => copy.of === photoId);
    if (!taken) return null;
    const rest = copies.filter((copy) => copy !== taken);
    await trx
      .updateTable('answers')
      .set({ shared_photos: rest.length > 0 ? JSON.stringify(rest) : null })
      .where('id', '=', answerId)
      .execute();
    return taken;
  });
}

/** The world's copies of the user's shared entries' photos, as stored (JSON lists). */
export async function listSharedPhotosOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('answers')
    .select('shared_photos')
    .where('user_id', '=', userId)
    .where('shared_photos', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.shared_photos ? [row.shared_photos] : []));
}

/**
 * Adds `copy` to the world's copy of the user's shared entry, in place of an earlier copy of the
 * same photo (returned, for its file to go), under the entry's row lock; 'not-shared' when the
 * entry is not the user's or not shared (any more).
 */
export async function addSharedCopy(
  db: Database,
  answerId: string,
  userId: string,
  copy: SharedPhoto,
): Promise<SharedPhoto | null | 'not-shared'> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('answers')
      .set((eb) => ({ score: eb.ref('score') }))
      .where('id', '=', answerId)
      .where('user_id', '=', userId)
      .returning(['shared', 'shared_photos'])
      .executeTakeFirst();
    if (!row || Number(row.shared) !== 1) return 'not-shared';
    const copies = parseSharedPhotos(row.shared_photos);
    const earlier = copies.find((c) => c.of === copy.of) ?? null;
    const kept = [...copies.filter((c) => c !== earlier), copy];
    await trx
      .updateTable('answers')
      .set({ shared_photos: JSON.stringify(kept) })
      .where('id', '=', answerId)
      .execute();
    return earlier;
  });
}
