import type { Kysely } from 'kysely';
import { hashPasscode } from '#server/features/users/passcode-hash.ts';

// Issue 12 (decision 014): password resets by e-mail, recovery codes, a throttle for both, and
// the passcode kept only as a PBKDF2 hash. Clear codes already stored are hashed here and the
// clear column is dropped, on SQLite and PostgreSQL alike.

type UsersWithCode = { users: { id: string; code: string | null; passcode_hash: string | null } };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('passcode_hash', 'text').execute();
  const users = db as unknown as Kysely<UsersWithCode>;
  const withCode = await users
    .selectFrom('users')
    .select(['id', 'code'])
    .where('code', 'is not', null)
    .where('code', '<>', '')
    .execute();
  // pbkdf2 runs on libuv's pool: four at a time keeps every thread busy.
  for (let start = 0; start < withCode.length; start += 4) {
    await Promise.all(
      withCode.slice(start, start + 4).map(async (row) => {
        // Only a valid 4-digit code was ever accepted; anything else is no lock.
        const hash = row.code && /^\d{4}$/.test(row.code) ? await hashPasscode(row.code) : null;
        await users
          .updateTable('users')
          .set({ passcode_hash: hash })
          .where('id', '=', row.id)
          .execute();
      }),
    );
  }
  await db.schema.alterTable('users').dropColumn('code').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  // Attempts per account (or per typed name when no account has it) and purpose.
  await db.schema
    .createTable('recovery_throttle')
    .addColumn('throttle_key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recovery_throttle', 'recovery_codes', 'password_resets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  // The clear codes are gone for good: going down leaves every passcode removed.
  await db.schema.alterTable('users').addColumn('code', 'text').execute();
  await db.schema.alterTable('users').dropColumn('passcode_hash').execute();
}
