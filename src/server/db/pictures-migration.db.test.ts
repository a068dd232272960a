import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '#tests/support/test-db.ts';
import type { DatabaseConfig } from '../config.ts';
import { createDatabase, type Database } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import * as initial from './migrations/001-initial.ts';

// Migration 006 on a database main already filled: pictures are recorded under the users who
// hold them (one row when main let two users hold one URL), and share-time copies are dropped.
for (const kind of databaseKinds()) {
  describe(`migration 006 on existing data [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function freshDatabase(): Promise<Database> {
      const name = `muse_m_${randomBytes(6).toString('hex')}`;
      let config: DatabaseConfig;
      if (kind === 'sqlite') {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-migration-'));
        config = { kind: 'sqlite', file: path.join(dir, 'muse.db') };
        cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      } else {
        const adminUrl = process.env.TEST_DATABASE_URL as string;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        config = { kind: 'postgres', url: url.toString() };
        cleanups.push(async () => {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
        });
      }
      const db = createDatabase(config);
      cleanups.push(() => db.destroy());
      return db;
    }

    it('records held pictures once and clears answer copies', async () => {
      const db = await freshDatabase();
      // The schema as main left it: migration 001 only, through Kysely's own bookkeeping.
      const onlyInitial = new Migrator({
        db,
        provider: { getMigrations: async () => ({ '001-initial': initial }) },
      });
      expect((await onlyInitial.migrateToLatest()).error).toBeUndefined();
      const user = (id: string, picture: string | null, created: string) => ({
        id,
        name: id,
        name_key: id,
        email: null,
        email_key: null,
        password_hash: null,
        profile_picture: picture,
        started: '2026-01-01',
        streak: 0,
        longest_streak: 0,
        score: 0,
        last: null,
        categories: '[]',
        code: null,
        old_id: null,
        created_at: created,
      });
      await db
        .insertInto('users')
        .values([
          user('alice', '/media/pictures/shared.webp', '2026-01-01T00:00:00.000Z'),
          user('bob', '/media/pictures/shared.webp', '2026-01-02T00:00:00.000Z'),
          user('carol', '/media/pictures/carol.webp', '2026-01-03T00:00:00.000Z'),
          user('dan', null, '2026-01-04T00:00:00.000Z'),
        ])
        .execute();
      await db
        .insertInto('answers')
        .values({
          id: 'a1',
          user_id: 'carol',
          prompt_id: null,
          prompt_title: 'Journal',
          answered: '2026-01-03T00:00:00.000Z',
          modified: '2026-01-03T00:00:00.000Z',
          text: 'words',
          type: 'paragraph',
          categories: '[]',
          shared: 1,
          shared_on: '2026-01-03T00:00:00.000Z',
          anonymous: 0,
          likes: 0,
          score: 0,
          profile_picture: '/media/pictures/carol-old.webp',
        })
        .execute();
      await migrateToLatest(db);
      const pictures = await db.selectFrom('pictures').selectAll().orderBy('url').execute();
      expect(pictures.map((p) => [p.url, p.user_id])).toEqual([
        ['/media/pictures/carol.webp', 'carol'],
        ['/media/pictures/shared.webp', 'alice'],
      ]);
      const answer = await db.selectFrom('answers').selectAll().executeTakeFirstOrThrow();
      expect(answer.profile_picture).toBeNull();
    });
  });
}
