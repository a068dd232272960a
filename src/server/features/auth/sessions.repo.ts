import type { Database } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import {
  type FoundSessionUser,
  type SessionUserParams,
  selectSessionUser,
  sessionUserOfRow,
} from '#server/db/session-queries.ts';

export async function insertSession(
  db: Database,
  session: { token_hash: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

// On every request that carries a cookie: compiled once (decision 030); the same count of
// configured keys reuses it.
const sessionUserQuery = preparedQuery(selectSessionUser);

/**
 * The live session's user and whether they are an admin: listed in the admins table, or granted
 * one of `configuredKeys` (MUSE_ADMINS) by id. The name they hold now plays no part.
 */
export async function findSessionUser(
  db: Database,
  lookup: SessionUserParams,
): Promise<FoundSessionUser | undefined> {
  // One query per request: the grant check rides along as a subquery.
  const [row] = await sessionUserQuery(db, lookup);
  return row ? sessionUserOfRow(row) : undefined;
}

/** When the session was started: every start of a named user's session followed a password. */
export async function findSessionStart(
  db: Database,
  tokenHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('created_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.created_at;
}
