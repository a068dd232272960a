import type { Kysely } from 'kysely';
import { nameKey } from '#shared/domain/names.ts';

// Issue 13 (access): admin grants bound to accounts, an audit of admin actions, the server's
// secret, the device an anonymous user was created on, and name keys that compare names after
// NFKC + case folding. Portable DDL only (decision 003).
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per MUSE_ADMINS name that has been granted: the name is bound to the account that
  // held it when it first appeared. The row outlives the account (user_id becomes null), so the
  // name can never be claimed by someone else afterwards.
  await db.schema
    .createTable('admin_grants')
    .addColumn('name_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_grants_user').on('admin_grants').column('user_id').execute();

  // Who did what, kept when the actor's account goes (no foreign key; the name is a snapshot).
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_at').on('admin_audit').columns(['at', 'id']).execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Rows that transactions update first to run one at a time (a row lock on PostgreSQL).
  await db.schema
    .createTable('app_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('taken_at', 'text', (c) => c.notNull())
    .execute();

  // SHA-256 of the marker the browser kept in localStorage when it created this anonymous user.
  await db.schema.alterTable('users').addColumn('device_hash', 'text').execute();

  await rekeyNames(db);
}

/**
 * Name keys were lower-cased; now they are NFKC + case folded. Where the folded key is already
 * held by another name (two old names that fold alike), the name keeps its old key so the unique
 * index holds; from now on look-alikes of either are refused.
 */
export async function rekeyNames(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<{
    users: { id: string; name: string; name_key: string | null; created_at: string };
  }>;
  const named = await users
    .selectFrom('users')
    .select(['id', 'name', 'name_key'])
    .where('name_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set(named.map((row) => row.name_key));
  for (const row of named) {
    const key = nameKey(row.name);
    if (key === row.name_key || key === '' || taken.has(key)) continue;
    await users.updateTable('users').set({ name_key: key }).where('id', '=', row.id).execute();
    taken.delete(row.name_key);
    taken.add(key);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('device_hash').execute();
  for (const table of ['app_locks', 'server_secrets', 'admin_audit', 'admin_grants']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
