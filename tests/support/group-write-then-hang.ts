// Child process for the group-commit durability test: 40 transactions at once (they share
// COMMITs), say so when every one is acknowledged, then wait to be killed.
import { createDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

const file = process.argv[2] as string;
const db = createDatabase({ kind: 'sqlite', file });
await migrateToLatest(db);
await Promise.all(
  Array.from({ length: 40 }, (_, n) =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('categories')
        .values({ name: `Durable ${n}`, position: n })
        .execute();
      await trx
        .updateTable('categories')
        .set({ position: n + 100 })
        .where('name', '=', `Durable ${n}`)
        .execute();
    }),
  ),
);
process.stdout.write('committed\n');
setInterval(() => {}, 1000);
