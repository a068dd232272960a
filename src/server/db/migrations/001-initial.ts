import { type Kysely, sql } from 'kysely';

// Portable DDL only: this one migration runs on SQLite and PostgreSQL alike (decision 003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_key', 'text', (c) => c.unique())
    .addColumn('email', 'text')
    .addColumn('email_key', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('profile_picture', 'text')
    .addColumn('started', 'text', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('longest_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last', 'text')
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('code', 'text')
    .addColumn('old_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('prompt_id', 'text')
    .addColumn('prompt_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answered', 'text', (c) => c.notNull())
    .addColumn('modified', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('paragraph'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shared_on', 'text')
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('profile_picture', 'text')
    .addCheckConstraint('answers_likes_not_negative', sql`likes >= 0`)
    .execute();
  // A user's answers newest first; the world feed newest first.
  await db.schema
    .createIndex('answers_user_answered')
    .on('answers')
    .columns(['user_id', 'answered'])
    .execute();
  await db.schema
    .createIndex('answers_feed')
    .on('answers')
    .columns(['shared', 'shared_on', 'id'])
    .execute();

  await db.schema
    .createTable('prompts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('paragraph'))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('submitted'))
    .addCheckConstraint('prompts_status', sql`status in ('submitted', 'approved', 'rejected')`)
    .execute();
  await db.schema
    .createIndex('prompts_status_created')
    .on('prompts')
    .columns(['status', 'created'])
    .execute();
  await db.schema.createIndex('prompts_user').on('prompts').column('user_id').execute();

  await db.schema
    .createTable('categories')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  for (const table of ['likes', 'reports'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('answer_id', 'text', (c) =>
        c.notNull().references('answers.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['answer_id', 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('admins')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('daily_prompts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('prompt_id', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_throttle',
    'daily_prompts',
    'sessions',
    'admins',
    'reports',
    'likes',
    'categories',
    'prompts',
    'answers',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
