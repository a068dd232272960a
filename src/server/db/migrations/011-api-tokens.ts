import type { Kysely } from 'kysely';

// Issue 17 A: bearer tokens for native clients and scripts. Only the SHA-256 of a token is
// kept (like sessions); a label names the device in Settings, `last_used_at` is updated at most
// once a minute. The foreign key cascades, so erasing an account revokes its tokens.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
