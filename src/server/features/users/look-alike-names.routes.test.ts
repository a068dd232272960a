import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillNameSkeletons } from '#server/db/migrations/016-name-skeletons.ts';
import { nameSkeleton } from '#shared/domain/name-skeleton.ts';
import { nameKey } from '#shared/domain/names.ts';
import { signUpThroughApi } from '#tests/support/accounts.ts';
import {
  buildUser,
  deviceMarker,
  post,
  sessionCookieFrom,
  unique,
} from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { MIXED_SCRIPTS, TAKEN_NAME } from './users.service.ts';

// Issue 34 point 8: `boѕѕ` (Cyrillic ѕ), `Βoss` (Greek Β) and `Ƅoss` were accepted beside
// `boss`. A name that mixes scripts is refused (400); one whose confusable skeleton (UTS #39)
// is another's is taken (409), at sign-up and at renaming, and so is a look-alike of a
// MUSE_ADMINS name. Names from before keep working, look-alike pairs included.

/** Digits only after the letters: they belong to no script, so a name stays single-script. */
const digits = () => String(randomInt(10_000_000, 99_999_999));

async function signUp(app: FastifyInstance, name: string) {
  const id = unique('anon');
  const device = deviceMarker();
  const created = await post(app, '/api/user/create', { user: { _id: id }, device });
  expect(created.statusCode).toBe(200);
  const response = await post(
    app,
    '/api/signup',
    {
      user: { _id: id, name, email: `${unique('e')}@example.com`, password: 'correct horse' },
      device,
    },
    { cookie: sessionCookieFrom(created) },
  );
  return { status: response.statusCode, error: response.json().error as string | undefined };
}

const rename = (app: FastifyInstance, user: { cookie: string }, name: string) =>
  post(app, '/api/user/update', { user: { name } }, user);

describeEachDatabase('look-alike names', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses, at sign-up and renaming, a name that mixes scripts or looks like a taken one', async () => {
    const n = digits();
    expect((await signUp(app, `boss${n}`)).status).toBe(200);
    // Mixed scripts: Latin with a Cyrillic ѕ, with a Greek Β.
    for (const mixed of [`boѕѕ${n}`, `Βoss${n}`]) {
      expect(await signUp(app, mixed), mixed).toEqual({ status: 400, error: MIXED_SCRIPTS });
    }
    // One script each, and the skeleton of boss.
    for (const lookalike of [`Ƅoss${n}`, `ВОЅЅ${n}`, `BOSS${n}`]) {
      expect(await signUp(app, lookalike), lookalike).toEqual({ status: 409, error: TAKEN_NAME });
    }
    const someone = await buildUser(get().db);
    expect((await rename(app, someone, `boѕѕ${n}`)).statusCode).toBe(400);
    const taken = await rename(app, someone, `Ƅoss${n}`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(TAKEN_NAME);
    // A name in one other script, or one that only resembles, is free.
    expect((await signUp(app, `Борис${n}`)).status).toBe(200);
    expect((await rename(app, someone, `bass${n}`)).statusCode).toBe(200);
  });

  it('refuses a look-alike of a MUSE_ADMINS name, claimed or not', async () => {
    const listed = `Admin${digits()}`;
    const other = `Owner${digits()}`;
    const admins = await buildTestApp(get().db, { admins: [listed, other] });
    try {
      // `rn` reads as `m`: all Latin, one skeleton with the listed name.
      const lookalike = listed.replace('m', 'rn');
      expect((await signUp(admins, lookalike)).status).toBe(409);
      const someone = await buildUser(get().db);
      expect((await rename(admins, someone, lookalike)).statusCode).toBe(409);
      expect((await signUp(admins, listed)).status).toBe(200);
      // A digit 0 reads as the letter O.
      expect((await signUp(admins, other.replace('O', '0'))).status).toBe(409);
    } finally {
      await admins.close();
    }
  });

  it('keeps names from before: a look-alike pair both log in and keep their settings', async () => {
    const db = get().db;
    const n = digits();
    const older = await signUpThroughApi(app);
    const newer = await signUpThroughApi(app);
    // As a database from before migration 016 holds them: `boss` and a later `boѕѕ`.
    for (const [user, name] of [
      [older, `boss${n}`],
      [newer, `boѕѕ${n}`],
    ] as const) {
      await db
        .updateTable('users')
        .set({ name, name_key: nameKey(name), name_skeleton: null })
        .where('id', '=', user.id)
        .execute();
    }
    await fillNameSkeletons(db as unknown as Kysely<unknown>);
    const skeletons = await db
      .selectFrom('users')
      .select(['id', 'name_skeleton'])
      .where('id', 'in', [older.id, newer.id])
      .execute();
    expect(Object.fromEntries(skeletons.map((row) => [row.id, row.name_skeleton]))).toEqual({
      [older.id]: nameSkeleton(`boss${n}`),
      [newer.id]: null,
    });
    for (const [user, name] of [
      [older, `boss${n}`],
      [newer, `boѕѕ${n}`],
    ] as const) {
      const login = await post(app, '/api/login', { user: { name, password: user.password } });
      expect(login.statusCode, name).toBe(200);
      expect(login.json().user._id).toBe(user.id);
      // The client sends the name with every profile change: an unchanged one is not judged.
      const email = `${unique('kept')}@example.com`;
      const kept = await post(
        app,
        '/api/user/update',
        { user: { name, email } },
        { cookie: sessionCookieFrom(login) },
      );
      expect(kept.statusCode, name).toBe(200);
    }
    // A third look-alike of either meets the older one's skeleton.
    expect((await signUp(app, `ВОЅЅ${n}`)).status).toBe(409);
  });

  it('holds each skeleton once in the database, so two racing sign-ups cannot both win', async () => {
    const db = get().db;
    const first = await buildUser(db);
    const second = await buildUser(db);
    const skeletonOf = (
      await db
        .selectFrom('users')
        .select('name_skeleton')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow()
    ).name_skeleton;
    await expect(
      db
        .updateTable('users')
        .set({ name_skeleton: skeletonOf })
        .where('id', '=', second.id)
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
