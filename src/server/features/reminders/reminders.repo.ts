import type { Database } from '#server/db/database.ts';
import type { PushSubscriptionsTable } from '#server/db/schema.ts';

export type SubscriptionRow = PushSubscriptionsTable;

/** One device, one row: subscribing again (new time, new keys) replaces what it had. */
export async function saveSubscription(db: Database, row: SubscriptionRow): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        remind_at: row.remind_at,
        days: row.days,
        time_zone: row.time_zone,
      }),
    )
    .execute();
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
