import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDatabase } from '#server/db/seed.ts';
import { buildUser, post, type TestUser, todayFields, unique } from '#tests/support/factories.ts';
import { uploadPicture } from '#tests/support/pictures.ts';
import { buildTestApp, testDeps } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 13 point 7: erasure erases.
const PASSWORD = 'a long enough password';

async function withPassword(db: Database, user: TestUser): Promise<TestUser> {
  const hash = await testDeps(db).passwords.hash(PASSWORD);
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
  return user;
}

async function writePrivately(app: FastifyInstance, user: TestUser, canary: string) {
  const answer = { _id: unique('ans'), prompt_title: 'Private', text: `my secret ${canary}` };
  expect((await post(app, '/api/answer/save', { answer }, user)).statusCode).toBe(200);
  const prompt = { _id: unique('p'), title: `A prompt ${canary}`, categories: ['Self'] };
  expect((await post(app, '/api/prompt/create', { prompt }, user)).statusCode).toBe(200);
}

describeEachDatabase('account deletion', (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-erasure-'));
    app = await buildTestApp(get().db, { dataDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const pictureFile = (url: string) => path.join(dataDir, 'pictures', path.basename(url));

  it('lists uploaded pictures in the export and removes them, set or not, with the account', async () => {
    const user = await withPassword(get().db, await buildUser(get().db));
    const set = await uploadPicture(app, user);
    const unset = await uploadPicture(app, user, '#aa3300');
    expect(
      (await post(app, '/api/user/profilePicture', { _id: user.id, profilePicture: set }, user))
        .statusCode,
    ).toBe(200);
    const exported = (await post(app, '/api/user/export', {}, user)).json();
    expect(exported.pictures.map((p: { url: string }) => p.url).sort()).toEqual(
      [set, unset].sort(),
    );
    expect(fs.existsSync(pictureFile(unset))).toBe(true);

    const deleted = await post(app, '/api/user/delete', { password: PASSWORD }, user);
    expect(deleted.statusCode).toBe(200);
    expect(fs.existsSync(pictureFile(set))).toBe(false);
    expect(fs.existsSync(pictureFile(unset))).toBe(false);
    const rows = await get()
      .db.selectFrom('pictures')
      .select('url')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("takes the account's login throttle row with it", async () => {
    const user = await withPassword(get().db, await buildUser(get().db));
    const failed = await post(app, '/api/login', {
      user: { name: user.name, password: 'wrong password' },
      ...todayFields(),
    });
    expect(failed.statusCode).toBe(401);
    const throttleRows = () =>
      get()
        .db.selectFrom('login_throttle')
        .selectAll()
        .where('account_key', '=', user.id)
        .execute();
    expect(await throttleRows()).toHaveLength(1);
    expect((await post(app, '/api/user/delete', { password: PASSWORD }, user)).statusCode).toBe(
      200,
    );
    expect(await throttleRows()).toEqual([]);
  });

  it("takes the account's recovery throttle rows with it", async () => {
    const user = await withPassword(get().db, await buildUser(get().db));
    const guessed = await post(app, '/api/password/recover', {
      name: user.name,
      code: 'AAAA-BBBB-CCCC',
      password: 'a new password 123',
    });
    expect(guessed.statusCode).toBeLessThan(500);
    const throttleRows = () =>
      get()
        .db.selectFrom('recovery_throttle')
        .selectAll()
        .where('throttle_key', 'like', `%${user.id}`)
        .execute();
    expect(await throttleRows()).toHaveLength(1);
    expect((await post(app, '/api/user/delete', { password: PASSWORD }, user)).statusCode).toBe(
      200,
    );
    expect(await throttleRows()).toEqual([]);
  });
});

describe('account deletion leaves no private text in the SQLite files', () => {
  let dir: string;
  let file: string;
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-erasure-sqlite-'));
    file = path.join(dir, 'muse.db');
    db = createDatabase({ kind: 'sqlite', file });
    await migrateToLatest(db);
    await seedDatabase(db);
    app = await buildTestApp(db, { dataDir: dir });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Whether the canary's bytes appear anywhere in the database or its write-ahead log. */
  const onDisk = (canary: string) =>
    [file, `${file}-wal`].some(
      (name) => fs.existsSync(name) && fs.readFileSync(name).includes(Buffer.from(canary)),
    );

  it('the answer and prompt text are gone from the db and -wal files', async () => {
    const canary = `canary${unique('x')}`;
    const user = await withPassword(db, await buildUser(db));
    const bystander = await buildUser(db);
    await writePrivately(app, user, canary);
    // Another user's writes after ours, so the pages are not simply the last ones written.
    await writePrivately(app, bystander, `other${unique('y')}`);
    expect(onDisk(canary)).toBe(true);

    expect((await post(app, '/api/user/delete', { password: PASSWORD }, user)).statusCode).toBe(
      200,
    );
    expect(onDisk(canary)).toBe(false);
    // The bystander's data is untouched.
    expect((await post(app, '/api/user/answers', {}, bystander)).json().answers).toHaveLength(1);
  });
});
