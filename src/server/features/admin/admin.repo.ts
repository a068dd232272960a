import type { Database } from '../../db/database.ts';

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

/** Private text and anonymous authors are blanked in SQL, so they never reach this process. */
export type AdminAnswerRow = {
  id: string;
  user_id: string | null;
  prompt_title: string;
  answered: string;
  modified: string;
  shared: number;
  score: number;
  text: string | null;
};

/**
 * Users who are admins: listed in the admins table, or named by MUSE_ADMINS (`configuredKeys`,
 * lower-cased) and signed up. One row per user, so names come out deduplicated.
 */
export async function listAdminUsers(db: Database, configuredKeys: string[]): Promise<NamedUser[]> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where((eb) => {
      const listed = eb('users.id', 'in', eb.selectFrom('admins').select('admins.user_id'));
      return configuredKeys.length > 0
        ? eb.or([listed, eb('users.name_key', 'in', configuredKeys)])
        : listed;
    })
    .orderBy('users.name_key')
    .execute();
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

export async function insertAdminIfAbsent(
  db: Database,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('admins')
    .values({ user_id: userId, added_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

class WouldLeaveNoAdmin extends Error {}

/**
 * Deletes the user's admins row unless that would leave no admin at all (rows plus MUSE_ADMINS
 * names held by existing users); then the deletion is rolled back and 'last' returned.
 */
export async function deleteAdminUnlessLast(
  db: Database,
  userId: string,
  configuredKeys: string[],
): Promise<'removed' | 'last'> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('admins').where('user_id', '=', userId).execute();
      if ((await listAdminUsers(trx, configuredKeys)).length === 0) throw new WouldLeaveNoAdmin();
    });
    return 'removed';
  } catch (error) {
    if (error instanceof WouldLeaveNoAdmin) return 'last';
    throw error;
  }
}

/** Newest first; counts are of answers, never their contents. */
export async function listUsersPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<AdminUserRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('admins', 'admins.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.name',
      'users.email',
      'users.started',
      'users.streak',
      'users.longest_streak',
      'users.score',
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

/** Newest first. */
export async function listAnswersPage(
  db: Database,
  offset: number,
  limit: number,
): Promise<AdminAnswerRow[]> {
  return db
    .selectFrom('answers')
    .select((eb) => [
      'answers.id',
      // An anonymous answer to the author's own prompt would name them through the prompt.
      eb
        .case()
        .when(
          eb.and([
            eb('answers.anonymous', '=', 1),
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
      'answers.shared',
      'answers.score',
      eb
        .case()
        .when('answers.shared', '=', 1)
        .then(eb.ref('answers.text'))
        .else(null)
        .end()
        .as('text'),
      // Anonymous once, anonymous for good: unsharing must not reveal whose the answer was.
      eb
        .case()
        .when('answers.anonymous', '=', 1)
        .then(null)
        .else(eb.ref('answers.user_id'))
        .end()
        .as('user_id'),
    ])
    .orderBy('answers.answered', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
