import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, onDatabaseFailure } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withMigrationLock } from './db/migration-lock.ts';
import { seedDatabase } from './db/seed.ts';
import { startReminderScheduler } from './features/reminders/reminder-scheduler.ts';
import { removePidFile, writePidFile } from './pid-file.ts';

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
  // Several instances may start at once on one database: one opens (a new SQLite file becomes
  // WAL), migrates and seeds; the others wait, then find nothing left to do.
  const db = await withMigrationLock(config.database, async () => {
    const opened = createDatabase(config.database);
    await migrateToLatest(opened);
    await seedDatabase(opened);
    return opened;
  });
  const app = await buildApp({ db, config, logger: true });
  const stopReminders = startReminderScheduler({ db, config });
  app.addHook('onClose', async () => {
    stopReminders();
    await db.destroy();
  });
  // A write the database could not make durable (SQLite: an I/O error, sqlite-dialect.ts) is
  // fatal: the driver already refuses all work and /readyz says 503. Exit non-zero so the
  // supervisor starts afresh on what is really on disk; a retried fsync could lie.
  onDatabaseFailure(db, (error) => {
    app.log.fatal(
      { errcode: (error as { errcode?: unknown }).errcode, reason: error.message },
      'database write failed: refusing all work and exiting to restart on what is on disk',
    );
    removePidFile(config);
    setTimeout(() => process.exit(1), 200);
  });

  // A deploy sends SIGTERM. First drain: /readyz says 503 at once while the instance goes on
  // answering, each answer with `Connection: close`, for SHUTDOWN_DRAIN_MS, long enough for a
  // balancer's health check to see it. Then close: stop accepting, let in-flight requests finish
  // (their writes are acknowledged only once committed), end the live streams with a `retry:`,
  // close the database, exit 0. Past the grace period whatever is left is cut and the exit code
  // says so.
  let stopping = false;
  const close = () => {
    app.log.info({ graceMs: config.shutdownGraceMs }, 'drained: closing');
    const force = setTimeout(() => {
      app.log.warn('grace period over: closing the remaining connections');
      app.server.closeAllConnections();
      removePidFile(config);
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => {
        removePidFile(config);
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        removePidFile(config);
        process.exit(1);
      },
    );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.museStopping = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'stopping');
    setTimeout(close, config.shutdownDrainMs);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  writePidFile(config);
}

main().catch((error: unknown) => {
  console.error(`Müse could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
