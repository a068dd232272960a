import { expect, it } from 'vitest';
import { buildUser, post, unique } from '../../../../tests/support/factories.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { describeEachDatabase } from '../../../../tests/support/test-db.ts';

const names = (response: { json: () => { admin: { name: string }[] } }) =>
  response.json().admin.map((entry) => entry.name);

// A database of its own, so that exactly one admin exists.
describeEachDatabase('the last admin', (get) => {
  it('cannot remove themselves; can once another admin exists', async () => {
    const db = get().db;
    await db.deleteFrom('admins').execute();
    const only = await buildUser(db, { admin: true });
    const app = await buildTestApp(db);
    try {
      const refused = await post(app, '/api/admin/remove', { admin_name: only.name }, only);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toContain('last admin');
      expect(names(await post(app, '/api/admin'))).toEqual([only.name]);

      const second = await buildUser(db);
      await post(app, '/api/admin/add', { admin_name: second.name }, only);
      const removed = await post(app, '/api/admin/remove', { admin_name: only.name }, only);
      expect(removed.statusCode).toBe(200);
      expect(names(removed)).toEqual([second.name]);
      const lastAgain = await post(app, '/api/admin/remove', { admin_name: second.name }, second);
      expect(lastAgain.statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('counts MUSE_ADMINS users: a listed admin may leave while a configured one remains', async () => {
    const db = get().db;
    await db.deleteFrom('admins').execute();
    const listed = await buildUser(db, { admin: true });
    const configured = await buildUser(db);
    const app = await buildTestApp(db, { admins: [configured.name, unique('Unclaimed')] });
    try {
      const response = await post(app, '/api/admin/remove', { admin_name: listed.name }, listed);
      expect(response.statusCode).toBe(200);
      expect(names(response)).toEqual([configured.name]);
    } finally {
      await app.close();
    }
  });

  it('an unclaimed MUSE_ADMINS name does not count as an admin left', async () => {
    const db = get().db;
    await db.deleteFrom('admins').execute();
    const listed = await buildUser(db, { admin: true });
    const app = await buildTestApp(db, { admins: [unique('Unclaimed')] });
    try {
      const response = await post(app, '/api/admin/remove', { admin_name: listed.name }, listed);
      expect(response.statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });
});
