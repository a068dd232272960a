import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildUser, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { createDatabase, databaseFailure } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

// /readyz must not say ready while every write fails (issue 34 point 12): a balancer would keep
// sending people to an instance that cannot keep their words. The real fault on real processes
// is tests/faults/sqlite-disk.fault.test.ts ("an fsync that fails"); here, in process, what
// /readyz and a save answer once writes fail, on each database.

const SECRET = 'a-test-secret-of-at-least-32-characters';
const save = (text: string) => ({
  answer: { _id: unique('w'), prompt_id: '', prompt_title: 'Ready?', text },
});

describe('/readyz while writes fail', () => {
  it('SQLite: once a write has failed for good, saves get 503 + Retry-After and /readyz 503', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-readyz-'));
    const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'muse.db') });
    await migrateToLatest(db, () => {});
    const app = await buildTestApp(db, { secret: SECRET });
    try {
      const person = await buildUser(db);
      expect((await post(app, '/api/answer/save', save('before'), person)).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

      // An I/O-class error on the write connection (SQLITE_CANTOPEN here, what a vanished file
      // or directory gives; EIO on fsync in the fault test): the driver refuses all work.
      await expect(
        sql`vacuum into ${path.join(dir, 'gone', 'copy.db')}`.execute(db),
      ).rejects.toThrow();
      expect(databaseFailure(db)).not.toBeNull();

      const refused = await post(app, '/api/answer/save', save('after'), person);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await app.close();
      await db.destroy().catch(() => {});
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: a read-only database (a standby after a failover) makes /readyz 503 and saves 503, until it takes writes again',
    async () => {
      const database = await createTestDatabase('postgres');
      const name = (
        await sql<{ name: string }>`select current_database() as name`.execute(database.db)
      ).rows[0]?.name as string;
      const setReadOnly = (on: boolean) =>
        sql
          .raw(
            `alter database "${name}" ${on ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`,
          )
          .execute(database.db);
      const person = await buildUser(database.db);
      await setReadOnly(true);
      // A pool opened now, as after a failover: every connection it makes is read-only.
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${name}`;
      const db = createDatabase({ kind: 'postgres', url: url.toString() });
      const app = await buildTestApp(db, { secret: SECRET });
      try {
        const ready = await app.inject({ url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'unavailable', database: 'read-only' });
        const refused = await post(app, '/api/answer/save', save('on a standby'), person);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      } finally {
        await app.close();
        await db.destroy();
        await setReadOnly(false);
      }
      // Writable again (the primary back, a new pool): ready, and saves go through.
      const again = createDatabase({ kind: 'postgres', url: url.toString() });
      const app2 = await buildTestApp(again, { secret: SECRET });
      try {
        expect((await app2.inject({ url: '/readyz' })).statusCode).toBe(200);
        expect((await post(app2, '/api/answer/save', save('back'), person)).statusCode).toBe(200);
      } finally {
        await app2.close();
        await again.destroy();
        await database.drop();
      }
    },
  );
});
