// Child process for the durability test: commit two writes (one on its own, one in a grouped
// transaction), say so, then freeze: no further turn of the event loop, as if the process died
// at the moment its caller was answered. The parent kills it there.
import { writeSync } from 'node:fs';
import { createDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';

const file = process.argv[2] as string;
const db = createDatabase({ kind: 'sqlite', file });
await migrateToLatest(db);
await db.insertInto('categories').values({ name: 'Durable', position: 99 }).execute();
await inTransaction(db, (trx) =>
  trx.insertInto('categories').values({ name: 'Grouped', position: 100 }).execute(),
);
writeSync(1, 'committed\n');
// Blocks this thread for good: a COMMIT still waiting for a later turn would never run.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
