import type { Kysely } from 'kysely';

// Issue 17 A: "See how others answered this" reads the world filtered to one prompt, newest
// first (decision 023). This index serves that page straight from (prompt_id, shared,
// shared_on, id) in feed order, so a prompt's shares are found without walking the whole feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('answers_prompt_feed')
    .on('answers')
    .columns(['prompt_id', 'shared', 'shared_on', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('answers_prompt_feed').execute();
}
