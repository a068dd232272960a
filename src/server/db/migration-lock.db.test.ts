import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '#tests/support/instances.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { withMigrationLock } from './migration-lock.ts';
import { seedDatabase } from './seed.ts';

// Four instances' start-up at the same instant on one fresh PostgreSQL database: without the
// advisory lock their CREATE TABLEs and seed inserts race each other.
describe.skipIf(!process.env.TEST_DATABASE_URL)('migration lock [postgres]', () => {
  it('lets concurrent start-ups migrate and seed one fresh database', async () => {
    const database = await emptyPostgresDatabase();
    const dbs = [0, 1, 2, 3].map(() => createDatabase({ kind: 'postgres', url: database.url }));
    try {
      const outcomes = await Promise.allSettled(
        dbs.map((db) =>
          withMigrationLock({ kind: 'postgres', url: database.url }, async () => {
            await migrateToLatest(db);
            await seedDatabase(db);
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill('fulfilled'));
      const categories = await dbs[0]?.selectFrom('categories').selectAll().execute();
      expect(new Set(categories?.map((c) => c.name)).size).toBe(categories?.length);
    } finally {
      for (const db of dbs) await db.destroy();
      await database.drop();
    }
  });
});
