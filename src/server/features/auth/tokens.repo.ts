import type { Database } from '#server/db/database.ts';
import type { ApiTokensTable, UsersTable } from '#server/db/schema.ts';

// Bearer tokens of native clients and scripts (issue 17 A). Only hashes are stored.

export async function insertToken(db: Database, token: ApiTokensTable): Promise<void> {
  await db.insertInto('api_tokens').values(token).execute();
}

/** The token's row and its owner with their admin flags, in one query, like a session's. */
export async function findTokenUser(
  db: Database,
  tokenHash: string,
  configuredKeys: string[],
): Promise<
  | {
      token: Pick<ApiTokensTable, 'id' | 'last_used_at'>;
      user: UsersTable;
      listedAdmin: boolean;
      configuredAdmin: boolean;
    }
  | undefined
> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .leftJoin('admins', 'admins.user_id', 'users.id')
    .selectAll('users')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.last_used_at as token_last_used_at',
      'admins.user_id as admin_user_id',
    ])
    .select((eb) =>
      configuredKeys.length > 0
        ? eb
            .exists(
              eb
                .selectFrom('admin_grants')
                .select('admin_grants.name_key')
                .whereRef('admin_grants.user_id', '=', 'users.id')
                .where('admin_grants.name_key', 'in', configuredKeys),
            )
            .as('configured_admin')
        : eb.val(0).as('configured_admin'),
    )
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { admin_user_id, configured_admin, token_id, token_last_used_at, ...user } = row;
  return {
    token: { id: token_id, last_used_at: token_last_used_at },
    user,
    listedAdmin: admin_user_id !== null,
    configuredAdmin: Boolean(Number(configured_admin)),
  };
}

export async function touchToken(db: Database, id: string, now: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function listTokensOf(db: Database, userId: string): Promise<ApiTokensTable[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes one of the user's own tokens; false when they have none by that id. */
export async function deleteTokenOf(db: Database, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
