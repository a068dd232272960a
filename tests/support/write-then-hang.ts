// Child process for the durability test: commit one write, say so, then wait to be killed.
import { createDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

const file = process.argv[2] as string;
const db = createDatabase({ kind: 'sqlite', file });
await migrateToLatest(db);
await db.insertInto('categories').values({ name: 'Durable', position: 99 }).execute();
process.stdout.write('committed\n');
setInterval(() => {}, 1000);
