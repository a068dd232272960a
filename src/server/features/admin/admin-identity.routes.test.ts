import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  buildUser,
  deviceMarker,
  post,
  sessionCookieFrom,
  type TestUser,
  unique,
} from '#tests/support/factories.ts';
import { createPrompt } from '#tests/support/prompt-kit.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { sharedAnswerOf } from '../answers/answer-fixtures.ts';

// Issue 13 point 1: admin rights belong to an account, never to a name. The audit: an admin
// named by MUSE_ADMINS renamed, someone else took the name, became an admin, added an
// accomplice and read every e-mail.

async function signUp(app: FastifyInstance, name: string): Promise<TestUser & { status: number }> {
  const device = deviceMarker();
  const created = await post(app, '/api/user/create', { user: { _id: unique('anon') }, device });
  expect(created.statusCode).toBe(200);
  const cookie = sessionCookieFrom(created);
  const id = created.json().user._id as string;
  const response = await post(
    app,
    '/api/signup',
    { user: { name, email: `${unique('e')}@example.com`, password: 'correct horse' }, device },
    { cookie },
  );
  const next = response.statusCode === 200 ? sessionCookieFrom(response) : cookie;
  return { id, name, cookie: next, status: response.statusCode };
}

const rename = (app: FastifyInstance, user: TestUser, name: string) =>
  post(app, '/api/user/update', { user: { name } }, user);

const canAdminister = async (app: FastifyInstance, user: TestUser) =>
  (await post(app, '/api/admin/users', {}, user)).statusCode === 200;

describeEachDatabase('admin rights belong to an account', (get) => {
  it('a MUSE_ADMINS admin who renames stays admin; whoever takes the name does not', async () => {
    const bossName = unique('Boss');
    const app = await buildTestApp(get().db, { admins: [bossName] });
    try {
      const boss = await signUp(app, bossName);
      expect(boss.status).toBe(200);
      expect(await canAdminister(app, boss)).toBe(true);

      const chief = unique('Chief');
      expect((await rename(app, boss, chief)).statusCode).toBe(200);
      expect(await canAdminister(app, boss)).toBe(true);

      // Mallory tries to take the freed name, in every look-alike spelling.
      const mallory = await buildUser(get().db);
      for (const spelling of [
        bossName,
        bossName.toUpperCase(),
        bossName.toLowerCase(),
        bossName.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
      ]) {
        const taken = await rename(app, mallory, spelling);
        expect(taken.statusCode, spelling).toBe(409);
      }
      for (const invisible of ['\u200B', '\u202E', '\u2066', '\uFEFF']) {
        const hidden = await rename(
          app,
          mallory,
          `${bossName.slice(0, 2)}${invisible}${bossName.slice(2)}`,
        );
        expect(hidden.statusCode).toBe(400);
      }
      const fresh = await signUp(app, bossName.toLowerCase());
      expect(fresh.status).toBe(409);

      expect(await canAdminister(app, mallory)).toBe(false);
      const accomplice = await buildUser(get().db);
      expect(
        (await post(app, '/api/admin/add', { admin_name: accomplice.name }, mallory)).statusCode,
      ).toBe(403);
      expect(await canAdminister(app, accomplice)).toBe(false);

      // The admin list shows the account under its new name; the configured admin cannot be
      // removed through the app, by either name.
      const other = await buildUser(get().db, { admin: true });
      const removal = await post(app, '/api/admin/remove', { admin_name: bossName }, other);
      expect(removal.statusCode).toBe(404);
      const byNewName = await post(app, '/api/admin/remove', { admin_name: chief }, other);
      expect(byNewName.statusCode).toBe(409);
      const list = (await post(app, '/api/admin'))
        .json()
        .admin.map((a: { name: string }) => a.name);
      expect(list).not.toContain(bossName);
    } finally {
      await app.close();
    }
  });

  it('only the account holding the name when it first appears is granted, and it is recorded', async () => {
    const holder = await buildUser(get().db);
    const app = await buildTestApp(get().db, { admins: [` ${holder.name.toUpperCase()} `] });
    try {
      expect(await canAdminister(app, holder)).toBe(true);
      const audit = await post(app, '/api/admin/audit', {}, holder);
      expect(audit.statusCode).toBe(200);
      const grant = audit
        .json()
        .entries.find(
          (e: { action: string; target: string }) =>
            e.action === 'grant-configured-admin' && e.target === holder.name,
        );
      expect(grant).toMatchObject({ actor: 'MUSE_ADMINS', actor_id: null });

      // The holder renames away and deletes the account: the name is not free to be re-granted.
      const newName = unique('Renamed');
      expect((await rename(app, holder, newName)).statusCode).toBe(200);
      await get().db.deleteFrom('users').where('id', '=', holder.id).execute();
      const squatter = await signUp(app, holder.name);
      expect(squatter.status).toBe(409);
      const restarted = await buildTestApp(get().db, { admins: [holder.name] });
      try {
        const late = await buildUser(get().db);
        expect((await rename(restarted, late, holder.name)).statusCode).toBe(409);
      } finally {
        await restarted.close();
      }
    } finally {
      await app.close();
    }
  });

  it('names that differ only by case, width or invisible characters are one name', async () => {
    const app = await buildTestApp(get().db);
    try {
      const ada = await signUp(app, unique('Ada'));
      expect(ada.status).toBe(200);
      const wide = ada.name.replace(/[A-Za-z0-9]/g, (c) =>
        String.fromCharCode(c.charCodeAt(0) + 0xfee0),
      );
      expect((await signUp(app, wide)).status).toBe(409);
      expect((await signUp(app, ada.name.toUpperCase())).status).toBe(409);
      expect((await signUp(app, `${ada.name}\u200B`)).status).toBe(400);
      const someone = await buildUser(get().db);
      expect((await rename(app, someone, ada.name.toLowerCase())).statusCode).toBe(409);
      expect((await rename(app, someone, `\u202E${ada.name}`)).statusCode).toBe(400);
      // Logging in by a look-alike spelling of the name finds the one account.
      const login = await post(app, '/api/login', {
        user: { name: wide, password: 'correct horse' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user._id).toBe(ada.id);
    } finally {
      await app.close();
    }
  });

  it('admin actions are audited with actor, action, target and time, for admins only', async () => {
    const db = get().db;
    const admin = await buildUser(db, { admin: true });
    const app = await buildTestApp(db);
    try {
      const candidate = await buildUser(db);
      const author = await buildUser(db);
      const before = new Date().toISOString();
      expect(
        (await post(app, '/api/admin/add', { admin_name: candidate.name }, admin)).statusCode,
      ).toBe(200);
      // Adding twice is no second act.
      await post(app, '/api/admin/add', { admin_name: candidate.name }, admin);
      expect(
        (await post(app, '/api/admin/remove', { admin_name: candidate.name }, admin)).statusCode,
      ).toBe(200);
      const approved = await createPrompt(app, author);
      const rejected = await createPrompt(app, author);
      await post(app, '/api/prompt/approve', { prompt_id: approved._id }, admin);
      await post(app, '/api/prompt/reject', { prompt_id: rejected._id }, admin);
      const shared = await sharedAnswerOf(app, author);
      await post(app, '/api/admin/answer/unshare', { answer_id: shared }, admin);
      const polished = await post(
        app,
        '/api/prompt/save',
        { prompt: { ...approved, title: 'Admin polish' } },
        admin,
      );
      expect(polished.statusCode).toBe(200);
      expect(
        (await post(app, '/api/prompt/delete', { prompt_id: rejected._id }, admin)).statusCode,
      ).toBe(200);
      const own = await post(
        app,
        '/api/admin/prompt/create',
        { prompt: { _id: unique('p'), title: 'From the admins', categories: ['Life'] } },
        admin,
      );
      expect(own.statusCode).toBe(200);
      // An author editing their own prompt is no admin action.
      const authored = await createPrompt(app, author);
      await post(
        app,
        '/api/prompt/save',
        { prompt: { ...authored, title: 'Mine, better' } },
        author,
      );

      expect((await post(app, '/api/admin/audit', {})).statusCode).toBe(401);
      expect((await post(app, '/api/admin/audit', {}, author)).statusCode).toBe(403);
      const response = await post(app, '/api/admin/audit', {}, admin);
      expect(response.statusCode).toBe(200);
      const mine = response
        .json()
        .entries.filter((e: { actor_id: string | null }) => e.actor_id === admin.id);
      // Newest first; entries made within one millisecond may come in either order.
      const actions = mine.map((e: { action: string }) => e.action);
      expect([...actions].sort()).toEqual(
        [
          'add-admin',
          'remove-admin',
          'approve-prompt',
          'reject-prompt',
          'unshare-answer',
          'edit-prompt',
          'delete-prompt',
          'create-prompt',
        ].sort(),
      );
      const entry = (action: string) =>
        mine.find((e: { action: string }) => e.action === action) as { target: string };
      for (const entry of mine) {
        expect(entry.actor).toBe(admin.name);
        expect(entry.at >= before).toBe(true);
      }
      expect(entry('unshare-answer').target).toBe(shared);
      expect(entry('reject-prompt').target).toContain(rejected._id);
      expect(entry('approve-prompt').target).toContain(approved._id);
      expect(entry('edit-prompt').target).toContain('Admin polish');
      expect(entry('delete-prompt').target).toContain(rejected._id);
      expect(entry('remove-admin').target).toContain(candidate.id);
      expect(mine.map((e: { at: string }) => e.at)).toEqual(
        mine
          .map((e: { at: string }) => e.at)
          .sort()
          .reverse(),
      );
    } finally {
      await app.close();
    }
  });
});
