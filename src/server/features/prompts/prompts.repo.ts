import type { Database } from '#server/db/database.ts';
import type { PromptsTable } from '#server/db/schema.ts';

/** A prompt row with its author's current name (null for the seeded library). */
export type PromptRow = PromptsTable & { user_name: string | null };
export type PromptStatus = PromptsTable['status'];
export type PromptChanges = Partial<Pick<PromptsTable, 'title' | 'type' | 'categories' | 'status'>>;

function promptsWithAuthor(db: Database) {
  return db
    .selectFrom('prompts')
    .leftJoin('users', 'users.id', 'prompts.user_id')
    .selectAll('prompts')
    .select('users.name as user_name');
}

export async function findPrompt(db: Database, id: string): Promise<PromptRow | undefined> {
  return promptsWithAuthor(db).where('prompts.id', '=', id).executeTakeFirst();
}

/** Inserts unless the id exists; the caller reads back what stands (safe under races). */
export async function insertPromptIfAbsent(db: Database, row: PromptsTable): Promise<void> {
  await db
    .insertInto('prompts')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function updatePrompt(
  db: Database,
  id: string,
  changes: PromptChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('prompts').set(changes).where('id', '=', id).execute();
}

export async function deletePrompt(db: Database, id: string): Promise<void> {
  await db.deleteFrom('prompts').where('id', '=', id).execute();
}

export async function listPromptsByStatus(
  db: Database,
  status: PromptStatus,
  order: 'newest' | 'oldest',
): Promise<PromptRow[]> {
  const direction = order === 'newest' ? 'desc' : 'asc';
  return promptsWithAuthor(db)
    .where('prompts.status', '=', status)
    .orderBy('prompts.created', direction)
    .orderBy('prompts.id', 'asc')
    .execute();
}

/** Every prompt the user wrote, whatever its status, newest first. */
export async function listPromptsOfUser(db: Database, userId: string): Promise<PromptRow[]> {
  return promptsWithAuthor(db)
    .where('prompts.user_id', '=', userId)
    .orderBy('prompts.created', 'desc')
    .orderBy('prompts.id', 'asc')
    .execute();
}

export async function countApprovedPrompts(db: Database): Promise<number> {
  const row = await db
    .selectFrom('prompts')
    .select(db.fn.countAll<number>().as('n'))
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The approved prompt at a position in id order (undefined past the end). */
export async function approvedPromptIdAt(db: Database, index: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('prompts')
    .select('id')
    .where('status', '=', 'approved')
    .orderBy('id')
    .limit(1)
    .offset(index)
    .executeTakeFirst();
  return row?.id;
}

/** The prompt stored for a day, and whether it still exists and is approved. */
export async function findDailyPrompt(
  db: Database,
  day: string,
): Promise<{ prompt_id: string; valid: boolean } | undefined> {
  const row = await db
    .selectFrom('daily_prompts')
    .leftJoin('prompts', (join) =>
      join
        .onRef('prompts.id', '=', 'daily_prompts.prompt_id')
        .on('prompts.status', '=', 'approved'),
    )
    .select(['daily_prompts.prompt_id', 'prompts.id as approved_id'])
    .where('daily_prompts.day', '=', day)
    .executeTakeFirst();
  if (!row) return undefined;
  return { prompt_id: row.prompt_id, valid: row.approved_id !== null };
}

/** First writer wins: a day that already has a prompt keeps it. */
export async function insertDailyPromptIfAbsent(
  db: Database,
  row: { day: string; prompt_id: string; set_at: string },
): Promise<void> {
  await db
    .insertInto('daily_prompts')
    .values(row)
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}

/** Compare-and-swap: replaces the day's prompt only if it is still `expected`. */
export async function replaceDailyPrompt(
  db: Database,
  day: string,
  expected: string,
  row: { prompt_id: string; set_at: string },
): Promise<void> {
  await db
    .updateTable('daily_prompts')
    .set(row)
    .where('day', '=', day)
    .where('prompt_id', '=', expected)
    .execute();
}
