import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { anchorQuery } from './world.repo.ts';

// Migration 018: the walk to a deep feed page reads the feed index alone, anonymous flag
// included (decision 057 asks it of every row). Without `anonymous` in the index SQLite read
// every row it skipped: 2 ms for page 250's anchor against 87 µs. SQLite's plan says which.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
});
afterAll(async () => {
  await database.drop();
});

it('walks to a deep page on the feed index alone, the anonymous flag included', async () => {
  const { sql: text, parameters } = anchorQuery(database.db, new Date().toISOString())
    .offset(2490)
    .compile();
  // EXPLAIN takes the statement with its values written in.
  let at = 0;
  const inlined = text.replace(/\?/g, () => {
    const value = parameters[at++];
    return typeof value === 'number' ? String(value) : `'${String(value)}'`;
  });
  const plan = await sql
    .raw<{ detail: string }>(`EXPLAIN QUERY PLAN ${inlined}`)
    .execute(database.db);
  const details = plan.rows.map((row) => row.detail).join(' | ');
  expect(details).toContain('USING COVERING INDEX answers_feed_seen');
});
