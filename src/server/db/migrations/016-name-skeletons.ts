import type { Kysely } from 'kysely';
import { nameSkeleton } from '#shared/domain/name-skeleton.ts';

// Issue 34 point 8: a name that only looks like another (`boѕѕ` with a Cyrillic ѕ beside
// `boss`) is taken. Each named user keeps the confusable skeleton of their name (UTS #39,
// name-skeleton.ts) under a unique index, which a new name must not meet. Names are not
// changed: login still finds a name by its key (name_key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('name_skeleton', 'text').execute();
  await fillNameSkeletons(db);
  await db.schema
    .createIndex('users_name_skeleton')
    .on('users')
    .column('name_skeleton')
    .unique()
    .execute();
}

/**
 * Gives every named user the skeleton of their name, oldest first. Two names that already look
 * alike both keep working: the older holds the skeleton, the newer keeps none (a unique index
 * allows many NULLs), and from now on a third look-alike of either meets the older one's.
 */
export async function fillNameSkeletons(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<{
    users: {
      id: string;
      name: string;
      name_key: string | null;
      name_skeleton: string | null;
      created_at: string;
    };
  }>;
  const named = await users
    .selectFrom('users')
    .select(['id', 'name', 'name_skeleton'])
    .where('name_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set(named.map((row) => row.name_skeleton));
  for (const row of named) {
    if (row.name_skeleton !== null) continue;
    const skeleton = nameSkeleton(row.name);
    if (skeleton === '' || taken.has(skeleton)) continue;
    taken.add(skeleton);
    await users
      .updateTable('users')
      .set({ name_skeleton: skeleton })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_name_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('name_skeleton').execute();
}
