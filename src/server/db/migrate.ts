import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { type Database, isPostgres } from './database.ts';
import * as initial from './migrations/001-initial.ts';
import * as answerRevisions from './migrations/002-answer-revisions.ts';
import * as recovery from './migrations/003-recovery-and-passcode-hash.ts';
import * as sharedCopy from './migrations/004-shared-copy.ts';
import * as accessHardening from './migrations/005-access-hardening.ts';
import * as picturesAndTombstones from './migrations/006-pictures-and-tombstones.ts';
import * as coveringIndexes from './migrations/007-covering-indexes.ts';
import * as rateLimits from './migrations/008-rate-limits.ts';
import * as importKeyAndReminders from './migrations/009-import-key-and-reminders.ts';
import * as promptFeedIndex from './migrations/010-prompt-feed-index.ts';
import * as apiTokens from './migrations/011-api-tokens.ts';
import * as feedVersion from './migrations/012-feed-version.ts';
import * as ownedVersion from './migrations/013-owned-version.ts';
import * as pushSubscriptionsPerPerson from './migrations/014-push-subscriptions-per-person.ts';
import * as publicRecord from './migrations/015-public-record.ts';
import * as nameSkeletons from './migrations/016-name-skeletons.ts';
import * as answerTags from './migrations/017-answer-tags.ts';
import * as feedIndexSeen from './migrations/018-feed-index-seen.ts';
import * as entryPhotos from './migrations/019-entry-photos.ts';
import * as encryptedEntries from './migrations/020-encrypted-entries.ts';
import * as encryptedPhotos from './migrations/021-encrypted-photos.ts';

// Migrations are listed here, not discovered on disk, so the bundle of known migrations is
// exactly what was type-checked.
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-answer-revisions': answerRevisions,
  '003-recovery-and-passcode-hash': recovery,
  '004-shared-copy': sharedCopy,
  '005-access-hardening': accessHardening,
  '006-pictures-and-tombstones': picturesAndTombstones,
  '007-covering-indexes': coveringIndexes,
  '008-rate-limits': rateLimits,
  '009-import-key-and-reminders': importKeyAndReminders,
  '010-prompt-feed-index': promptFeedIndex,
  '011-api-tokens': apiTokens,
  '012-feed-version': feedVersion,
  '013-owned-version': ownedVersion,
  '014-push-subscriptions-per-person': pushSubscriptionsPerPerson,
  '015-public-record': publicRecord,
  '016-name-skeletons': nameSkeletons,
  '017-answer-tags': answerTags,
  '018-feed-index-seen': feedIndexSeen,
  '019-entry-photos': entryPhotos,
  '020-encrypted-entries': encryptedEntries,
  '021-encrypted-photos': encryptedPhotos,
};

/**
 * Runs every migration not run yet, one at a time, each in its own transaction; `say` hears
 * each one's name as it starts and how it ended, so an operator sees what an upgrade runs.
 */
export async function migrateToLatest(
  db: Database,
  say: (line: string) => void = () => {},
): Promise<void> {
  if (!isPostgres(db)) return migrate(db, say);
  // On PostgreSQL on one connection without the requests' statement deadline (decision 047): a
  // migration may rebuild an index on a large table. RESET goes back to the pool's setting.
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      await migrate(connection, say);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function migrate(db: Database, say: (line: string) => void): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  for (;;) {
    const pending = (await migrator.getMigrations()).find((migration) => !migration.executedAt);
    if (!pending) return;
    say(`migration ${pending.name}: running`);
    const started = performance.now();
    const { error, results } = await migrator.migrateUp();
    const failed = results?.find((result) => result.status === 'Error');
    if (error || failed) {
      const reason = error instanceof Error ? error.message : String(error ?? '');
      say(`migration ${failed?.migrationName ?? pending.name}: failed (${reason})`);
      throw new Error(`Migration ${failed?.migrationName ?? pending.name} failed: ${reason}`);
    }
    for (const result of results ?? []) {
      say(
        `migration ${result.migrationName}: done in ${Math.round(performance.now() - started)} ms`,
      );
    }
    // Another instance ran it meanwhile: nothing left for this one to run.
    if (!results?.length) return;
  }
}
