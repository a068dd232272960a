import type { ExpressionBuilder } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { publicRecordColumns } from '#server/db/public-record.ts';
import type { DB } from '#server/db/schema.ts';
import { sharedForOthers } from '#server/db/world-visibility.ts';

export type NamedUser = { id: string; name: string };

export type AdminUserRow = {
  id: string;
  name: string;
  email: string | null;
  started: string;
  streak: number;
  longest_streak: number;
  score: number;
  name_key: string | null;
  answer_count: number | string | null;
  shared_count: number | string | null;
  listed_admin: string | null;
};

/** Private text and unnamed authors are blanked in SQL, so they never reach this process. */
export type AdminAnswerRow = {
  id: string;
  user_id: string | null;
  prompt_title: string;
  answered: string;
  modified: string;
  shared: number;
  /** Only on an answer shared by name. */
  score: number | null;
  text: string | null;
};

/**
 * Users who are admins: listed in the admins table, or granted a MUSE_ADMINS name that is still
 * configured (`configuredKeys`). Rights follow the account id, never the name it holds now. One
 * row per user, so names come out deduplicated.
 */
export async function listAdminUsers(db: Database, configuredKeys: string[]): Promise<NamedUser[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where((eb) => {
      const listed = eb('users.id', 'in', eb.selectFrom('admins').select('admins.user_id'));
      return configuredKeys.length > 0
        ? eb.or([listed, eb('users.id', 'in', grantedIds(eb, configuredKeys))])
        : listed;
    })
    .orderBy('users.name_key')
    .execute();
}

function grantedIds(eb: ExpressionBuilder<DB, 'users'>, configuredKeys: string[]) {
  return eb
    .selectFrom('admin_grants')
    .select('admin_grants.user_id')
    .where('admin_grants.name_key', 'in', configuredKeys)
    .where('admin_grants.user_id', 'is not', null);
}

/** The ids, among `userIds`, granted a MUSE_ADMINS name that is still configured. */
export async function configuredAdminIds(
  db: Database,
  configuredKeys: string[],
): Promise<Set<string>> {
  if (configuredKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('admin_grants')
    .select('user_id')
    .where('name_key', 'in', configuredKeys)
    .where('user_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.user_id).filter((id): id is string => id !== null));
}

export async function findGrant(
  db: Database,
  nameKey: string,
): Promise<{ user_id: string | null } | undefined> {
  return db
    .selectFrom('admin_grants')
    .select('user_id')
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** True when this call recorded the grant (false when it already existed). */
export async function insertGrantIfAbsent(
  db: Database,
  nameKey: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('admin_grants')
    .values({ name_key: nameKey, user_id: userId, granted_at: now })
    .onConflict((oc) => oc.column('name_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findUserByNameKey(
  db: Database,
  nameKey: string,
): Promise<NamedUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** True when the user was not an admin before this call. */
export async function insertAdminIfAbsent(
  db: Database,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('admins')
    .values({ user_id: userId, added_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

class WouldLeaveNoAdmin extends Error {}

/**
 * Deletes the user's admins row unless that would leave no admin at all (rows plus granted
 * MUSE_ADMINS accounts); then the deletion is rolled back and 'last' returned.
 */
export async function deleteAdminUnlessLast(
  db: Database,
  userId: string,
  configuredKeys: string[],
): Promise<'removed' | 'absent' | 'last'> {
  try {
    return await db.transaction().execute(async (trx) => {
      // One lock row serialises admin removals (a row lock on PostgreSQL; SQLite runs one
      // transaction at a time anyway): two admins removing each other at once must not both
      // count the other as still there.
      const now = new Date().toISOString();
      await trx
        .insertInto('app_locks')
        .values({ name: 'admin-removal', taken_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ taken_at: now }))
        .execute();
      const deleted = await trx
        .deleteFrom('admins')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return 'absent';
      if ((await listAdminUsers(trx, configuredKeys)).length === 0) throw new WouldLeaveNoAdmin();
      return 'removed';
    });
  } catch (error) {
    if (error instanceof WouldLeaveNoAdmin) return 'last';
    throw error;
  }
}

/**
 * Newest first; counts are of answers, never their contents. Score and streaks are the public
 * ones, as of the end of the UTC day before `today` (issue 34 point 3): admins see no more of
 * when a person wrote than anyone does.
 */
export async function listUsersPage(
  db: Database,
  offset: number,
  limit: number,
  today: string,
): Promise<AdminUserRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('admins', 'admins.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.email',
      'users.started',
      ...publicRecordColumns(eb, today),
      'users.name_key',
      'admins.user_id as listed_admin',
      eb
        .selectFrom('answers')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('answers.user_id', '=', 'users.id')
        .as('answer_count'),
      eb
        .selectFrom('answers')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('answers.user_id', '=', 'users.id')
        .where('answers.shared', '=', 1)
        // Anonymous shares are nobody's in any list (issue 13).
        .where('answers.anonymous', '=', 0)
        .as('shared_count'),
    ])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Newest first by the hour, then by id. Only an answer shared by name names its author, its own
 * prompt and its score (issue 34 point 3): were private answers attributed, a person's answer
 * count or score less what is attributed to them would single out their anonymous ones. Private
 * text and anonymous authors are blanked here in SQL; the presenter coarsens the times.
 */
export async function listAnswersPage(
  db: Database,
  offset: number,
  limit: number,
  hour: string,
): Promise<AdminAnswerRow[]> {
  return (
    db
      .selectFrom('answers')
      .select((eb) => {
        const byName = eb.and([eb('answers.shared', '=', 1), eb('answers.anonymous', '=', 0)]);
        // Shared as the world sees it: an anonymous share is private here until it joins the
        // world on the hour (decision 057), or its flip would date it for an admin.
        const inWorld = sharedForOthers(eb, hour);
        return [
          'answers.id',
          // An answer to the author's own prompt would name them through the prompt.
          eb
            .case()
            .when(
              eb.and([
                eb.not(byName),
                eb.exists(
                  eb
                    .selectFrom('prompts')
                    .select('prompts.id')
                    .whereRef('prompts.id', '=', 'answers.prompt_id')
                    .whereRef('prompts.user_id', '=', 'answers.user_id'),
                ),
              ]),
            )
            .then('')
            .else(eb.ref('answers.prompt_title'))
            .end()
            .as('prompt_title'),
          'answers.answered',
          'answers.modified',
          eb.case().when(inWorld).then(eb.lit(1)).else(eb.lit(0)).end().as('shared'),
          eb.case().when(byName).then(eb.ref('answers.score')).else(null).end().as('score'),
          eb
            .case()
            .when(inWorld)
            // The world's copy (decision 015): private edits of a shared answer stay private.
            .then(eb.ref('answers.shared_text'))
            .else(null)
            .end()
            .as('text'),
          eb.case().when(byName).then(eb.ref('answers.user_id')).else(null).end().as('user_id'),
        ];
      })
      // By the hour, not the millisecond: an exact order would put an unattributed answer between
      // the attributed ones written just before and after it.
      .orderBy((eb) => eb.fn('substr', ['answers.answered', eb.val(1), eb.val(13)]), 'desc')
      .orderBy('answers.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
