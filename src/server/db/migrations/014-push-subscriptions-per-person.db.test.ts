import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser, unique } from '#tests/support/factories.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { down, up } from './014-push-subscriptions-per-person.ts';

// Issue 34 point 1: reminder subscriptions keyed by (person, endpoint), every row kept.

describeEachDatabase('migration 014 keys reminders by person and device', (get) => {
  it('keeps every row, then lets two people share an endpoint but not one person twice', async () => {
    const db = get().db;
    const [ada, bob] = [await buildUser(db), await buildUser(db)];
    const row = (userId: string, endpoint: string, remindAt: string) => ({
      id: unique('s'),
      user_id: userId,
      endpoint,
      p256dh: 'key',
      auth: 'auth',
      remind_at: remindAt,
      days: '[1]',
      time_zone: 'UTC',
      last_sent_day: '2026-11-23',
      created_at: new Date().toISOString(),
    });
    const shared = `https://fcm.googleapis.com/fcm/send/${unique('e')}`;
    await down(db as unknown as Kysely<unknown>);
    const before = [row(ada.id, shared, '07:00'), row(bob.id, `${shared}-2`, '08:00')];
    await db.insertInto('push_subscriptions').values(before).execute();
    // The old key: one row per endpoint, whoever it belongs to.
    await expect(
      db
        .insertInto('push_subscriptions')
        .values(row(bob.id, shared, '09:00'))
        .execute(),
    ).rejects.toThrow();

    await up(db as unknown as Kysely<unknown>);

    const after = await db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where(
        'id',
        'in',
        before.map((r) => r.id),
      )
      .orderBy('remind_at')
      .execute();
    expect(after).toEqual(before);
    await db
      .insertInto('push_subscriptions')
      .values(row(bob.id, shared, '09:00'))
      .execute();
    await expect(
      db
        .insertInto('push_subscriptions')
        .values(row(bob.id, shared, '10:00'))
        .execute(),
    ).rejects.toThrow();
    // Deleting a person still deletes their reminders (the copied table keeps its reference).
    await db.deleteFrom('users').where('id', '=', ada.id).execute();
    const left = await db.selectFrom('push_subscriptions').select('user_id').execute();
    expect(left.map((r) => r.user_id)).not.toContain(ada.id);
  });
});
