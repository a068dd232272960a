import type { Database } from './database.ts';
import type { UserRow } from './rows.ts';

// The session lookup more than one feature builds on: every request with a session cookie runs
// it (features/auth/sessions.repo.ts), and the world feed's signed-in read extends it with the
// feed's counter and the caller's marks, in one query (features/world/world.repo.ts, decision
// 045). Shared query helpers live under db/, so features need not import each other's.

export type SessionUserParams = { tokenHash: string; now: string; configuredKeys: string[] };

/**
 * The live session's user, the admins row's id and the MUSE_ADMINS grant as a column: the query
 * every request with a cookie runs, and which the feed's signed-in read extends (world.repo.ts).
 * The configured keys' count picks the SQL (none: no subquery).
 */
export function selectSessionUser(db: Database, p: SessionUserParams) {
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
export function sessionUserOfRow(
  row: UserRow & { admin_user_id: string | null; configured_admin: unknown },
): FoundSessionUser {
  const { admin_user_id, configured_admin, ...user } = row;
  return {
    user,
    listedAdmin: admin_user_id !== null,
    configuredAdmin: Boolean(Number(configured_admin)),
  };
}
