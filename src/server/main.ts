// The process: reads the config, migrates and seeds under a lock, builds the app and listens on
// one socket. SIGTERM/SIGINT: /readyz says 503 at once, the instance serves SHUTDOWN_DRAIN_MS
// more with `Connection: close`, then closes and exits 0 (decisions 019, 050). A SQLite write
// that failed for good exits too, so the process restarts (decision 049).
import fs from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { holdDataDirectory } from './db/data-lock.ts';
import { createDatabase, onDatabaseFailure } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { withMigrationLock } from './db/migration-lock.ts';
import { keepPrivate } from './db/private-files.ts';
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
  // Start-up lines in pino's shape: the app's logger does not exist yet.
  const say = (msg: string) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`);
  // DATA_DIR holds everyone's words and the server's keys: only the server's user may read it.
  // Everything this process creates is 0600 (files) or 0700 (directories), and what an older
  // version left readable by others (the database, its -wal, pictures, keys) is made so too.
  process.umask(0o077);
  fs.mkdirSync(config.dataDir, { recursive: true });
  for (const file of keepPrivate(config.dataDir)) {
    say(`could not make ${file} private (not this user's): only the server's user should read it`);
  }
  // SQLite: a shared lock on the data directory for as long as this process lives, which
  // `npm run restore` needs exclusively (data-lock.ts).
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:') {
    holdDataDirectory(config.dataDir);
  }
  // Several instances may start at once on one database: one opens (a new SQLite file becomes
  // WAL), migrates and seeds; the others wait, then find nothing left to do. Each migration is
  // logged as it runs (pino's shape: the app's logger does not exist yet).
  const db = await withMigrationLock(config.database, async () => {
    const opened = createDatabase(config.database);
    await migrateToLatest(opened, say);
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
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
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

  // PORT=0 takes any free port (the tests start many servers at once): from here on the config
  // says the one this process got, for the links it makes (linkOrigin). Fastify's start-up line,
  // "Server listening at http://…", names it for whoever started the process.
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (typeof address === 'object' && address) config.port = address.port;
}

main().catch((error: unknown) => {
  console.error(`Müse could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
