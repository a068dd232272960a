import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '#server/config.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError } from '#server/plugins/errors.ts';
import type { KeyBundle } from '#shared/api/encryption.ts';
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
} from '#shared/api/recovery.ts';
import { confirmOwnPassword, findAccount, WRONG_LOGIN } from '../users/users.service.ts';
import {
  changePasswordEndingSessions,
  clearAttempts,
  completeReset,
  countAttempt,
  findLiveReset,
  insertPasswordReset,
  recoverWithCode,
  replaceRecoveryCodes,
} from './recovery.repo.ts';

// Ways back into an account (decision 014): a single-use reset link by e-mail, valid 30 minutes;
// or, without mail, single-use recovery codes. Both end the account's other sessions.

export const RESET_VALID_MS = 30 * 60 * 1000;
export const RESET_LINK_DEAD = 'This reset link has expired or was already used: ask for a new one';
export const REWRAP_NEEDED =
  'Your entries are encrypted: the new password needs the key wrapped with it (docs/ENCRYPTION.md)';
export const CODE_MISMATCH = 'Sorry, that recovery code does not match';
const MINUTE = 60 * 1000;
/** Reset e-mails one account may receive per hour (more are dropped, silently). */
const MAX_RESET_MAILS = { attempts: 3, windowMs: 60 * MINUTE };
/** Recovery-code guesses per account (or per typed name without one) per 15 minutes. */
const MAX_CODE_GUESSES = { attempts: 5, windowMs: 15 * MINUTE };
/** Password checks before making new codes, per account per 15 minutes. */
const MAX_REGENERATIONS = { attempts: 5, windowMs: 15 * MINUTE };

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Counts an attempt; over the limit it answers 429 with the seconds until the window ends. */
async function spendAttempt(
  deps: AppDeps,
  key: string,
  limit: { attempts: number; windowMs: number },
  now: Date,
): Promise<{ over: boolean; retryAfter: number }> {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  const row = await countAttempt(deps.db, key, now.toISOString(), windowStart);
  const endsAt = new Date(row.window_start).getTime() + limit.windowMs;
  return {
    over: row.attempts > limit.attempts,
    retryAfter: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

function tooManyAttempts(retryAfter: number): HttpError {
  return new HttpError(429, `Too many attempts: try again in ${Math.ceil(retryAfter / 60)} min`, {
    'Retry-After': String(retryAfter),
  });
}

/** Where reset links point: PUBLIC_ORIGIN, else this server itself (never the Host header). */
export function linkOrigin(config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

function resetMail(origin: string, token: string, account: UserRow) {
  const link = `${origin}/reset-password?token=${token}`;
  return {
    to: account.email ?? '',
    subject: 'Reset your Müse password',
    text: [
      `Hello ${account.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Müse account.',
      'Open this link within 30 minutes to choose a new one:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays.',
    ].join('\n'),
  };
}

/**
 * Sends a reset link when `nameOrEmail` names an account with an e-mail. The caller answers the
 * same before this runs, so nothing here shows whether the account exists.
 */
export async function sendPasswordReset(
  deps: AppDeps,
  nameOrEmail: string,
  now: Date = new Date(),
): Promise<void> {
  const mailer = deps.mailer;
  if (!mailer) return;
  const account = await findAccount(deps, nameOrEmail);
  if (!account?.email || !account.password_hash) return;
  if ((await spendAttempt(deps, `mail:${account.id}`, MAX_RESET_MAILS, now)).over) return;
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(deps.db, {
    token_hash: sha256(token),
    user_id: account.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + RESET_VALID_MS).toISOString(),
  });
  await mailer.send(resetMail(linkOrigin(deps.config), token, account));
}

/**
 * Sets a new password with a live reset token and spends it. Every session of the account ends,
 * except the caller's own when the caller is that account.
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; password: string },
  caller: { id: string; sessionTokenHash: string | null } | null,
  now: Date = new Date(),
): Promise<void> {
  const tokenHash = sha256(input.token);
  const live = await findLiveReset(deps.db, tokenHash, now.toISOString());
  if (!live) throw badRequest(RESET_LINK_DEAD);
  const passwordHash = await deps.passwords.hash(input.password);
  const keep = caller?.id === live.user_id ? caller.sessionTokenHash : null;
  const done = await completeReset(
    deps.db,
    { tokenHash, userId: live.user_id, passwordHash, now: now.toISOString() },
    keep,
  );
  if (!done) throw badRequest(RESET_LINK_DEAD);
}

/** Eight new codes like 'k7m2p-x9qad' (the old ones stop working); only hashes are kept. */
export async function issueRecoveryCodes(
  deps: AppDeps,
  userId: string,
  now: Date = new Date(),
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is a multiple of 32: every symbol is equally likely.
    const symbols = [...randomBytes(10)].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]);
    return `${symbols.slice(0, 5).join('')}-${symbols.slice(5).join('')}`;
  });
  await replaceRecoveryCodes(
    deps.db,
    userId,
    codes.map((code) => sha256(normaliseRecoveryCode(code))),
    now.toISOString(),
  );
  return codes;
}

/** New codes for a signed-in account, after its password (throttled per account). */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  account: UserRow,
  password: string,
  now: Date = new Date(),
): Promise<string[]> {
  const key = `regen:${account.id}`;
  // Refused while hashing is busy (503) before an attempt is spent.
  deps.passwords.admit();
  const attempt = await spendAttempt(deps, key, MAX_REGENERATIONS, now);
  if (attempt.over) throw tooManyAttempts(attempt.retryAfter);
  const ok =
    account.password_hash !== null &&
    (await deps.passwords.verify(password, account.password_hash));
  if (!ok) throw new HttpError(403, WRONG_LOGIN);
  await clearAttempts(deps.db, key);
  return issueRecoveryCodes(deps, account.id, now);
}

/**
 * Sets a new password with one of the account's unused recovery codes and spends it; the other
 * sessions end. An unknown name and a wrong code answer alike, count against the limit alike and
 * hash the new password alike (so they take as long).
 */
export async function recoverAccount(
  deps: AppDeps,
  input: { name: string; code: string; password: string },
  caller: { id: string; sessionTokenHash: string | null } | null,
  now: Date = new Date(),
): Promise<void> {
  const account = await findAccount(deps, input.name);
  const key = account ? `code:${account.id}` : `code:?${input.name.toLowerCase()}`;
  // Refused while hashing is busy (503) before a guess is spent.
  deps.passwords.admit();
  const attempt = await spendAttempt(deps, key, MAX_CODE_GUESSES, now);
  if (attempt.over) throw tooManyAttempts(attempt.retryAfter);
  const passwordHash = await deps.passwords.hash(input.password);
  const done =
    account?.password_hash != null &&
    (await recoverWithCode(
      deps.db,
      {
        userId: account.id,
        codeHash: sha256(normaliseRecoveryCode(input.code)),
        passwordHash,
        now: now.toISOString(),
      },
      caller?.id === account.id ? caller.sessionTokenHash : null,
    ));
  if (!done) throw badRequest(CODE_MISMATCH);
  await clearAttempts(deps.db, key);
}

export const SESSION_ONLY = 'Change your password in the browser you signed in with';

/**
 * "Change password" in settings (issue 34 point 4): the current password is checked like a
 * login's (hashing queue, throttle, 403 when wrong), the new one is hashed and stored, and
 * every other session and token of the account ends. Only a browser session may do it: a
 * bearer token's client would sign itself out with the rest.
 */
export async function changePassword(
  deps: AppDeps,
  account: UserRow,
  input: { password: string; newPassword: string; bundle?: KeyBundle | undefined },
  sessionTokenHash: string | null,
  now: Date = new Date(),
): Promise<void> {
  if (!sessionTokenHash) throw new HttpError(403, SESSION_ONLY);
  await confirmOwnPassword(deps, account, input.password, now);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const bundle = input.bundle ? JSON.stringify(input.bundle) : null;
  const changed = await changePasswordEndingSessions(
    deps.db,
    account.id,
    passwordHash,
    sessionTokenHash,
    bundle,
  );
  if (!changed) throw new HttpError(409, REWRAP_NEEDED);
}
