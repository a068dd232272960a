// Child process for wal-sync.db.test: what a command-line tool does (migrate, write, close),
// with nothing else keeping its event loop alive. It must get to the end and exit 0: a close
// that waited on something the loop does not count would leave it stopped half-way.
import { writeSync } from 'node:fs';
import { createDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

const file = process.argv[2] as string;
const db = createDatabase({ kind: 'sqlite', file });
await migrateToLatest(db);
await db.insertInto('categories').values({ name: 'Closed', position: 99 }).execute();
await db.destroy();
writeSync(1, 'closed\n');
