import { randomBytes } from 'node:crypto';
import type { Database } from './database.ts';

/**
 * The server's secret of this name: made once (256 random bits) and kept in the database, so
 * every instance that shares the database signs alike. Two instances starting at once agree:
 * the first insert wins and both read it back.
 */
export function loadOrCreateSecret(db: Database, name: string): Promise<string> {
  return loadOrCreate(db, name, randomBytes(32).toString('base64url'));
}

/**
 * The instant this database first saw `name`, kept beside the secrets: e.g. when the server
 * first ran with `__Host-` cookies (plugins/session.ts). Every instance reads the same instant.
 */
export function loadOrCreateInstant(db: Database, name: string): Promise<string> {
  return loadOrCreate(db, name, new Date().toISOString());
}

async function loadOrCreate(db: Database, name: string, value: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
