import type { Database } from '#server/db/database.ts';
import type { PushSubscriptionsTable } from '#server/db/schema.ts';

export type SubscriptionRow = PushSubscriptionsTable;

/**
 * One row per person and device (issue 34): subscribing again (new time, new keys) replaces
 * what that person's device had, and nobody else's row with the same endpoint is touched.
 * Past `maxDevices`, the person's longest-standing devices are dropped.
 */
export async function saveSubscription(
  db: Database,
  row: SubscriptionRow,
  maxDevices: number,
): Promise<SubscriptionRow> {
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'endpoint']).doUpdateSet({
          p256dh: row.p256dh,
          auth: row.auth,
          remind_at: row.remind_at,
          days: row.days,
          time_zone: row.time_zone,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    const kept = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', row.user_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(maxDevices);
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', row.user_id)
      .where('id', '<>', saved.id)
      .where('id', 'not in', kept)
      .execute();
    return saved;
  });
}

export async function deleteOwnSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** Every reminder not yet claimed today, where "today" differs per zone: the service decides. */
export function listSubscriptions(db: Database): Promise<SubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();
}

/**
 * Claims a device's reminder for its local day. The conditional UPDATE is atomic on SQLite and
 * on PostgreSQL (a second instance waits for the row lock, re-reads the condition and updates
 * nothing), so exactly one instance sends it.
 */
export async function claimReminder(db: Database, id: string, day: string): Promise<boolean> {
  const result = await db
    .updateTable('push_subscriptions')
    .set({ last_sent_day: day })
    .where('id', '=', id)
    .where('last_sent_day', '<>', day)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasAnsweredBetween(
  db: Database,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('answers')
    .select('id')
    .where('user_id', '=', userId)
    .where('answered', '>=', fromIso)
    .where('answered', '<', toIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function promptTitle(db: Database, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('prompts')
    .select('title')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.title ?? null;
}
