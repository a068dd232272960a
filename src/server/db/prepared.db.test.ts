import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import type { Database } from './database.ts';
import { affectedRows, preparedQuery } from './prepared.ts';
import { preparedStatementName } from './statement-names.ts';

// A prepared query is compiled once and executed with new values (decision 030): it must give
// what the same query built afresh gives, for every value, list length and set of keys.
describeEachDatabase('prepared queries', (get, kind) => {
  let db: Database;
  let builds = 0;
  const byName = preparedQuery((d, p: { names: string[]; minimum: number }) => {
    builds += 1;
    return d
      .selectFrom('categories')
      .select(['name', 'position'])
      .where('name', 'in', p.names)
      .where('position', '>=', p.minimum)
      .orderBy('name');
  });
  const insert = preparedQuery((d, p: { name: string; position: number | undefined }) =>
    d.insertInto('categories').values({ name: p.name, position: p.position ?? 0 }),
  );
  const rename = preparedQuery((d, p: { from: string; to: string }) =>
    d.updateTable('categories').set({ name: p.to }).where('name', '=', p.from),
  );

  beforeAll(async () => {
    db = get().db;
    for (const [position, name] of ['pa', 'pb', 'pc', 'pd'].entries()) {
      await insert(db, { name, position: position + 1 });
    }
  });
  afterAll(async () => {
    await db.deleteFrom('categories').where('name', 'like', 'p%').execute();
  });

  const fresh = (names: string[], minimum: number) =>
    db
      .selectFrom('categories')
      .select(['name', 'position'])
      .where('name', 'in', names)
      .where('position', '>=', minimum)
      .orderBy('name')
      .execute();

  it('gives what the query built afresh gives, compiling once per list length', async () => {
    const calls: [string[], number][] = [
      [['pa', 'pb'], 0],
      [['pc', 'pd'], 4],
      [['pa', 'pb', 'pc'], 2],
      [['pd', 'pa', 'pb'], 1],
      [['pb'], 3],
    ];
    for (const [names, minimum] of calls) {
      expect(await byName(db, { names, minimum })).toEqual(await fresh(names, minimum));
    }
    // Lengths 2, 3 and 1 on this database (other databases may add their own).
    expect(builds).toBeLessThanOrEqual(6);
    const before = builds;
    await byName(db, { names: ['pc', 'pd'], minimum: 0 });
    expect(builds).toBe(before);
  });

  it('reports the rows a write changed, and takes values in a transaction too', async () => {
    expect(await affectedRows(rename, db, { from: 'pa', to: 'pz' })).toBe(1n);
    expect(await affectedRows(rename, db, { from: 'nothing', to: 'pq' })).toBe(0n);
    await db.transaction().execute(async (trx) => {
      expect(await affectedRows(rename, trx, { from: 'pz', to: 'pa' })).toBe(1n);
    });
    expect(await byName(db, { names: ['pa', 'pz'], minimum: 0 })).toEqual([
      { name: 'pa', position: 1 },
    ]);
  });

  it.runIf(kind === 'postgres')('is a named statement PostgreSQL parses once', async () => {
    await db.transaction().execute(async (trx) => {
      await byName(trx, { names: ['pa', 'pb', 'pc', 'pd'], minimum: 0 });
      const compiled = trx
        .selectFrom('categories')
        .select(['name', 'position'])
        .where('name', 'in', ['a', 'b', 'c', 'd'])
        .where('position', '>=', 0)
        .orderBy('name')
        .compile();
      const name = preparedStatementName(compiled.sql);
      expect(name).toMatch(/^muse_\d+$/);
      // The same connection (one transaction) now holds it, parsed and planned.
      const held = await sql<{
        name: string;
      }>`select name from pg_prepared_statements where name = ${name}`.execute(trx);
      expect(held.rows).toEqual([{ name }]);
    });
  });

  // Reads outside a transaction never see another transaction before it ends (on SQLite they
  // go to a query-only connection, sqlite-dialect.ts).
  it('reads outside a transaction never see another transaction before it ends', async () => {
    let started: Promise<{ name: string; position: number }[]> | null = null;
    await db
      .transaction()
      .execute(async (trx) => {
        await insert(trx, { name: 'pz', position: 50 });
        expect(await byName(trx, { names: ['pz'], minimum: 0 })).toHaveLength(1);
        started = byName(db, { names: ['pz'], minimum: 0 });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back on purpose'));
    expect(await started).toEqual([]);
  });
});
