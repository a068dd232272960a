import type { Database } from '#server/db/database.ts';
import type { PicturesTable } from '#server/db/schema.ts';

export type PictureRow = PicturesTable;

export async function recordUpload(db: Database, row: PictureRow): Promise<void> {
  await db.insertInto('pictures').values(row).execute();
}

export async function findPicture(db: Database, url: string): Promise<PictureRow | undefined> {
  return db.selectFrom('pictures').selectAll().where('url', '=', url).executeTakeFirst();
}

/** Every picture the user uploaded, set or not, oldest first. */
export async function listPicturesOf(db: Database, userId: string): Promise<PictureRow[]> {
  return db
    .selectFrom('pictures')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('uploaded_at')
    .orderBy('url')
    .execute();
}

/** Whether any user or answer still points at the URL. */
export async function isPictureReferenced(db: Database, url: string): Promise<boolean> {
  const [user, answer] = await Promise.all([
    db.selectFrom('users').select('id').where('profile_picture', '=', url).executeTakeFirst(),
    db.selectFrom('answers').select('id').where('profile_picture', '=', url).executeTakeFirst(),
  ]);
  return user !== undefined || answer !== undefined;
}

/** Forgets the upload if it is still the user's; true when this call removed the row. */
export async function deletePictureRow(
  db: Database,
  url: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('pictures')
    .where('url', '=', url)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The user's profile picture: the pictures feature decides which upload may be set. */
export async function setProfilePictureOf(
  db: Database,
  userId: string,
  url: string,
): Promise<void> {
  await db.updateTable('users').set({ profile_picture: url }).where('id', '=', userId).execute();
}
