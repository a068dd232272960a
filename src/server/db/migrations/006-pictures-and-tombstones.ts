import { type Kysely, sql } from 'kysely';

// Issue 13 (decision 017): who uploaded each picture, so only its uploader can set it and an
// account's unused uploads go with it; and tombstones for deleted answers, so a late offline
// record cannot bring one back. Portable DDL (decision 003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pictures')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pictures_user').on('pictures').column('user_id').execute();
  // Pictures set before this table existed belong to the user who holds them (main let two
  // users hold one URL: one of them is recorded, and the file stays while either holds it).
  await sql`INSERT INTO pictures (url, user_id, uploaded_at)
    SELECT profile_picture, MIN(id), MIN(created_at) FROM users
    WHERE profile_picture IS NOT NULL GROUP BY profile_picture`.execute(db);
  // The feed now shows the owner's current picture; the copies made at share time go stale
  // (and kept deleted files "referenced"), so they are dropped.
  await sql`UPDATE answers SET profile_picture = NULL`.execute(db);

  // No foreign key: the answer row is gone by design. user_id lets an erased account take its
  // tombstones with it.
  await db.schema
    .createTable('deleted_answers')
    .addColumn('answer_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('deleted_answers_user')
    .on('deleted_answers')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('deleted_answers_at')
    .on('deleted_answers')
    .column('deleted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_answers').ifExists().execute();
  await db.schema.dropTable('pictures').ifExists().execute();
}
