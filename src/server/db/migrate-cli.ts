import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { withMigrationLock } from './migration-lock.ts';
import { seedDatabase } from './seed.ts';

try {
  const config = loadConfig();
  const db = createDatabase(config.database);
  await withMigrationLock(config.database, async () => {
    await migrateToLatest(db, (line) => console.log(line));
    await seedDatabase(db);
  });
  await db.destroy();
  console.log(`Migrated and seeded the ${config.database.kind} database.`);
} catch (error) {
  console.error(error instanceof ConfigError ? `Müse: ${error.message}` : error);
  process.exit(1);
}
