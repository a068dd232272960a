import { expect, it } from 'vitest';
import { buildUser, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

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

// Two admins removing each other at the same moment must not leave nobody (a check-then-act
// race on PostgreSQL, where each transaction would count the other's admin row as still there).
describeEachDatabase('two admins removing each other at once', (get) => {
  it('leaves one admin', async () => {
    const db = get().db;
    const app = await buildTestApp(db);
    try {
      for (let round = 0; round < 8; round += 1) {
        await db.deleteFrom('admins').execute();
        const a = await buildUser(db, { admin: true });
        const b = await buildUser(db, { admin: true });
        const [byA, byB] = await Promise.all([
          post(app, '/api/admin/remove', { admin_name: b.name }, a),
          post(app, '/api/admin/remove', { admin_name: a.name }, b),
        ]);
        // The loser is refused: 409 (last admin), or 403 when they were no admin any more by the
        // time their own call was read.
        const codes = [byA.statusCode, byB.statusCode].sort();
        expect(codes[0]).toBe(200);
        expect([403, 409]).toContain(codes[1]);
        expect(names(await post(app, '/api/admin'))).toHaveLength(1);
      }
    } finally {
      await app.close();
    }
  });
});
