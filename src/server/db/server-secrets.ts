import { randomBytes } from 'node:crypto';
import type { Database } from './database.ts';

/**
 * The server's secret of this name: made once (256 random bits) and kept in the database, so
 * every instance that shares the database signs alike. Two instances starting at once agree:
 * the first insert wins and both read it back.
 */
export async function loadOrCreateSecret(db: Database, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({
      name,
      value: randomBytes(32).toString('base64url'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
