import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { DB } from '#server/db/schema.ts';
import { sharedForOthers } from '#server/db/world-visibility.ts';
import { currentHour } from '#shared/domain/hour.ts';
import { nameKey } from '#shared/domain/names.ts';

type Executor = Database | Transaction<DB>;

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Login accepts a name (compared by its key, NFKC + case folded) or an e-mail (any case). */
export async function findUserByNameOrEmail(
  db: Database,
  key: string,
): Promise<UserRow | undefined> {
  const lowered = key.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('name_key', '=', nameKey(key)), eb('email_key', '=', lowered)]))
    .executeTakeFirst();
}

export async function insertUser(db: Executor, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Omit<UserRow, 'id'>>,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Replaces a password hash with a fresh one, unless the password was changed meanwhile. */
export async function replacePasswordHash(
  db: Executor,
  id: string,
  previous: string,
  fresh: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: fresh })
    .where('id', '=', id)
    .where('password_hash', '=', previous)
    .execute();
}

/**
 * Which of this name (by its key, or one that looks like it: its confusable skeleton) or this
 * e-mail (case-insensitive) another user already holds: 'email' first, then 'name'; null when
 * neither (issue 35: the message says which).
 */
export async function takenNameOrEmail(
  db: Executor,
  exceptId: string,
  name: { key: string; skeleton: string } | null,
  emailKey: string | null,
): Promise<'name' | 'email' | null> {
  if (!name && emailKey === null) return null;
  const rows = await db
    .selectFrom('users')
    .select(['name_key', 'name_skeleton', 'email_key'])
    .where('id', '<>', exceptId)
    .where((eb) =>
      eb.or([
        ...(name ? [eb('name_key', '=', name.key), eb('name_skeleton', '=', name.skeleton)] : []),
        ...(emailKey ? [eb('email_key', '=', emailKey)] : []),
      ]),
    )
    .limit(3)
    .execute();
  if (rows.length === 0) return null;
  return emailKey && rows.some((row) => row.email_key === emailKey) ? 'email' : 'name';
}

/** A person's own ids as JSON arrays, made by the database: `["id1","id2",…]`. */
export type OwnedIdsJson = { answered: string; created: string };

// Both lists in one round trip, each already a JSON array (decision 030): a person with ten years
// of answers has 3,650 ids, which would otherwise cross as 3,650 rows, be parsed into objects,
// mapped to strings and serialised again. Answer ids come in writing order from the covering
// index answers_user_answered_id; prompt ids in the order they were made.
const ownedIdsQuery = preparedQuery((db, p: { userId: string }) => {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const list = (column: string, order: string) =>
    postgres
      ? sql.raw(`coalesce(json_agg(${column} order by ${order})::text, '[]')`)
      : sql.raw(`json_group_array(${column} order by ${order})`);
  return db.selectNoFrom((eb) => [
    eb
      .selectFrom('answers')
      .select(list('id', 'answered, id').$castTo<string>().as('ids'))
      .where('user_id', '=', p.userId)
      .as('answered'),
    eb
      .selectFrom('prompts')
      .select(list('id', 'created, id').$castTo<string>().as('ids'))
      .where('user_id', '=', p.userId)
      .as('created'),
  ]);
});

export async function findOwnedIdsJson(db: Database, userId: string): Promise<OwnedIdsJson> {
  const [row] = await ownedIdsQuery(db, { userId });
  return { answered: row?.answered ?? '[]', created: row?.created ?? '[]' };
}

/**
 * Moves an anonymous user's answers and prompts into an account (login from a device that wrote
 * anonymously), adds their score, and removes the emptied anonymous user.
 */
export async function mergeAnonymousInto(
  db: Database,
  anonymousId: string,
  accountId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const anonymous = await findUserById(trx, anonymousId);
    if (anonymous?.name !== '') return;
    await trx
      .updateTable('answers')
      .set({ user_id: accountId })
      .where('user_id', '=', anonymousId)
      .execute();
    await trx
      .updateTable('prompts')
      .set({ user_id: accountId })
      .where('user_id', '=', anonymousId)
      .execute();
    // The entries' photos follow them (else they would go with the anonymous user).
    await trx
      .updateTable('entry_photos')
      .set({ user_id: accountId })
      .where('user_id', '=', anonymousId)
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ score: eb('score', '+', anonymous.score), old_id: anonymousId }))
      .where('id', '=', accountId)
      .execute();
    await releaseLikes(trx, anonymousId);
    await trx.deleteFrom('users').where('id', '=', anonymousId).execute();
  });
}

/** Takes back every love the user gave, so counters stay exact when their rows disappear. */
async function releaseLikes(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const liked = trx.selectFrom('likes').select('answer_id').where('user_id', '=', userId);
  const rows = await trx
    .updateTable('answers')
    .set((eb) => ({ likes: eb('likes', '-', 1) }))
    .where('id', 'in', liked)
    .where('user_id', '<>', userId)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** What an erasure changed in the world: the account's shares left, its loves were taken back. */
export type ErasedFromWorld = { unshared: string[]; lovesChanged: string[] };

/**
 * Erases a user and everything they own: answers, prompts, loves, flags, sessions and upload
 * records cascade; the login and recovery throttles and answer tombstones carry no foreign
 * key, so they go here by hand.
 */
export async function deleteUserCompletely(db: Database, userId: string): Promise<ErasedFromWorld> {
  return db.transaction().execute(async (trx) => {
    const lovesChanged = await releaseLikes(trx, userId);
    // What others saw: an anonymous share that has not joined the world yet was in no /world.
    const shared = await trx
      .selectFrom('answers')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => sharedForOthers(eb, currentHour()))
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await trx.deleteFrom('login_throttle').where('account_key', '=', userId).execute();
    await trx.deleteFrom('deleted_answers').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('recovery_throttle')
      .where('throttle_key', 'in', [`mail:${userId}`, `regen:${userId}`, `code:${userId}`])
      .execute();
    return { unshared: shared.map((row) => row.id), lovesChanged };
  });
}

/**
 * Reserves one login attempt for `key` before any password is checked, in one statement on
 * both databases (an upsert that increments and returns the count), so simultaneous attempts
 * cannot all read the same old count: the 11th of 40 parallel guesses sees 11 and is refused
 * without a hash. A window older than `windowStartedBefore` starts over at 1.
 */
export async function reserveLoginAttempt(
  db: Database,
  key: string,
  now: string,
  windowStartedBefore: string,
): Promise<{ attempts: number; windowStart: string }> {
  const row = await db
    .insertInto('login_throttle')
    .values({ account_key: key, failures: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('account_key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('login_throttle.window_start', '<', windowStartedBefore)
          .then(1)
          .else(eb('login_throttle.failures', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('login_throttle.window_start', '<', windowStartedBefore)
          .then(now)
          .else(eb.ref('login_throttle.window_start'))
          .end(),
      })),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.failures), windowStart: row.window_start };
}

export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('account_key', '=', key).execute();
}

/** What the user did in the world: the answers they loved and flagged, with when. */
export async function listOwnLovesAndFlags(
  db: Database,
  userId: string,
): Promise<{
  loved: { answer_id: string; at: string }[];
  flagged: { answer_id: string; at: string }[];
}> {
  const [loved, flagged] = await Promise.all([
    db
      .selectFrom('likes')
      .select(['answer_id', 'created as at'])
      .where('user_id', '=', userId)
      .orderBy('created')
      .execute(),
    db
      .selectFrom('reports')
      .select(['answer_id', 'created as at'])
      .where('user_id', '=', userId)
      .orderBy('created')
      .execute(),
  ]);
  return { loved, flagged };
}
