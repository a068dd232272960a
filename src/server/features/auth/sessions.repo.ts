import type { Database } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { UserRow } from '#server/db/rows.ts';

export async function insertSession(
  db: Database,
  session: { token_hash: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export type SessionUserParams = { tokenHash: string; now: string; configuredKeys: string[] };

/**
 * The live session's user, the admins row's id and the MUSE_ADMINS grant as a column: the query
 * every request with a cookie runs (plugins/session.ts, the one place a caller is found). The
 * configured keys' count picks the SQL (none: no subquery).
 */
function selectSessionUser(db: Database, p: SessionUserParams) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('admins', 'admins.user_id', 'users.id')
    .selectAll('users')
    .select('admins.user_id as admin_user_id')
    .select((eb) =>
      p.configuredKeys.length > 0
        ? eb
            .exists(
              eb
                .selectFrom('admin_grants')
                .select('admin_grants.name_key')
                .whereRef('admin_grants.user_id', '=', 'users.id')
                .where('admin_grants.name_key', 'in', p.configuredKeys),
            )
            .as('configured_admin')
        : eb.val(0).as('configured_admin'),
    )
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.expires_at', '>', p.now);
}

/** A session's user and how they are an admin: what the session lookups answer. */
export type FoundSessionUser = { user: UserRow; listedAdmin: boolean; configuredAdmin: boolean };

/** The user row and admin marks of a row of `selectSessionUser`, its own columns taken off. */
function sessionUserOfRow(
  row: UserRow & { admin_user_id: string | null; configured_admin: unknown },
): FoundSessionUser {
  const { admin_user_id, configured_admin, ...user } = row;
  return {
    user,
    listedAdmin: admin_user_id !== null,
    configuredAdmin: Boolean(Number(configured_admin)),
  };
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

/** When a session started and when it ends; undefined for an unknown token. */
export async function findSessionSpan(
  db: Database,
  tokenHash: string,
): Promise<{ created_at: string; expires_at: string } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
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
