import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Counts one hit on `key` and answers the count in the current window and when it ends: one
 * atomic UPSERT … RETURNING, so instances hitting the same key at once never lose a count.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; resetAt: number }> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Forgets windows that ended before `before`. */
export async function deleteExpiredRateLimits(db: Database, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<', before).execute();
}
