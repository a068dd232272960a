import type { Transaction } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { lockKeyBundle } from '#server/db/key-bundle.ts';
import type { DB } from '#server/db/schema.ts';

type Executor = Database | Transaction<DB>;

// Password resets, recovery codes and the attempts against them (decision 014). Tokens and
// codes are stored only as SHA-256 hashes: both are random and long, so a fast hash is enough.

export async function insertPasswordReset(
  db: Database,
  reset: { token_hash: string; user_id: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ ...reset, used_at: null })
    .execute();
}

/** The account a live (unused, unexpired) reset token belongs to. */
export async function findLiveReset(
  db: Database,
  tokenHash: string,
  now: string,
): Promise<{ user_id: string } | undefined> {
  return db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Spends a reset token and sets the new password in one transaction: the token is claimed with
 * a conditional update, so of two uses at once exactly one wins. The account's other reset links
 * die with it, and every session but `keepSession` ends. False when the token was not live.
 */
export async function completeReset(
  db: Database,
  input: { tokenHash: string; userId: string; passwordHash: string; now: string },
  keepSession: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: input.now })
      .where('token_hash', '=', input.tokenHash)
      .where('user_id', '=', input.userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', input.now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx
      .deleteFrom('password_resets')
      .where('user_id', '=', input.userId)
      .where('token_hash', '<>', input.tokenHash)
      .execute();
    await setPasswordEndingSessions(trx, input.userId, input.passwordHash, keepSession);
    return true;
  });
}

/**
 * A signed-in person's new password (they gave the current one): set, and every other session
 * and every bearer token of the account ends, in one transaction.
 */
export async function changePasswordEndingSessions(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSession: string,
  bundle: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Under the user's row lock, as turning encryption on or off: an account whose entries are
    // encrypted changes its password only with the key rewrapped for it (the new bundle).
    // A bundle sent for an account without encryption is not a way to turn it on: ignored.
    const encrypted = await lockKeyBundle(trx, userId);
    if (encrypted && bundle === null) return false;
    if (encrypted && bundle !== null) {
      await trx.updateTable('users').set({ key_bundle: bundle }).where('id', '=', userId).execute();
    }
    await setPasswordEndingSessions(trx, userId, passwordHash, keepSession);
    return true;
  });
}

async function setPasswordEndingSessions(
  trx: Executor,
  userId: string,
  passwordHash: string,
  keepSession: string | null,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
  let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSession) sessions = sessions.where('token_hash', '<>', keepSession);
  await sessions.execute();
  // Every device's bearer token goes too: a new password signs every other client out.
  await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}

/** Replaces the account's recovery codes with new ones (hashes only). */
export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codeHashes: string[],
  now: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codeHashes.map((code_hash) => ({
          user_id: userId,
          code_hash,
          created_at: now,
          used_at: null,
        })),
      )
      .execute();
  });
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Spends one unused recovery code and sets the new password in one transaction (of two uses of
 * the same code at once, one wins); every session but `keepSession` ends. False when no unused
 * code of the account has this hash.
 */
export async function recoverWithCode(
  db: Database,
  input: { userId: string; codeHash: string; passwordHash: string; now: string },
  keepSession: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('recovery_codes')
      .set({ used_at: input.now })
      .where('user_id', '=', input.userId)
      .where('code_hash', '=', input.codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await setPasswordEndingSessions(trx, input.userId, input.passwordHash, keepSession);
    return true;
  });
}

/**
 * Counts one attempt under `key` inside the current window (or starts a new window) and returns
 * the attempts so far, this one included. Counting before checking keeps parallel guesses from
 * slipping past the limit.
 */
export async function countAttempt(
  db: Database,
  key: string,
  now: string,
  windowStartedBefore: string,
): Promise<{ attempts: number; window_start: string }> {
  return db
    .insertInto('recovery_throttle')
    .values({ throttle_key: key, attempts: 1, window_start: now })
    .onConflict((oc) =>
      oc.column('throttle_key').doUpdateSet((eb) => ({
        attempts: eb
          .case()
          .when('recovery_throttle.window_start', '<', windowStartedBefore)
          .then(1)
          .else(eb('recovery_throttle.attempts', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('recovery_throttle.window_start', '<', windowStartedBefore)
          .then(now)
          .else(eb.ref('recovery_throttle.window_start'))
          .end(),
      })),
    )
    .returning(['attempts', 'window_start'])
    .executeTakeFirstOrThrow();
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.deleteFrom('recovery_throttle').where('throttle_key', '=', key).execute();
}
