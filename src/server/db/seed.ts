import { DEFAULT_CATEGORIES } from '#shared/domain/categories.ts';
import type { Database } from './database.ts';
import { SEED_PROMPTS } from './seed-data.ts';

// The library is written with stable ids, so seeding on every start only adds what is missing
// and never overwrites an admin's edits.
const SEEDED_AT = '2026-01-01T00:00:00.000Z';

export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insertInto('categories')
    .values(DEFAULT_CATEGORIES.map((name, position) => ({ name, position })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const batchSize = 50;
  for (let start = 0; start < SEED_PROMPTS.length; start += batchSize) {
    const batch = SEED_PROMPTS.slice(start, start + batchSize);
    await db
      .insertInto('prompts')
      .values(
        batch.map((prompt) => ({
          id: prompt.id,
          user_id: null,
          created: SEEDED_AT,
          title: prompt.title,
          type: 'paragraph',
          categories: JSON.stringify(prompt.categories),
          status: 'approved' as const,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
