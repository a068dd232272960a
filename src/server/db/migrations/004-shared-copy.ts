import { type Kysely, sql } from 'kysely';

// The world's copy of a shared answer (decision 015): the feed shows `shared_text`, set when the
// person shares and when they choose to update it, so a private edit never reaches the world by
// itself. `shared_modified` is when that copy last changed (the feed's `modified`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('shared_text', 'text').execute();
  await db.schema.alterTable('answers').addColumn('shared_modified', 'text').execute();
  // Answers already in the world keep showing what they show today.
  await sql`update answers set shared_text = text, shared_modified = modified where shared = 1`.execute(
    db,
  );
}
