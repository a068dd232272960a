import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDatabase } from './db/seed.ts';
import { startReminderScheduler } from './features/reminders/reminder-scheduler.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Müse cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  await seedDatabase(db);
  const app = await buildApp({ db, config, logger: true });
  const stopReminders = startReminderScheduler({ db, config });
  app.addHook('onClose', async () => {
    stopReminders();
    await db.destroy();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(`Müse could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
