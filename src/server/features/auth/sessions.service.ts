import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { configuredAdminKeys } from '../admin/configured-admins.service.ts';
import type { FoundSessionUser, SessionUserParams } from './sessions.repo.ts';
import {
  deleteSession,
  findSessionSpan,
  findSessionStart,
  findSessionUser,
  insertSession,
} from './sessions.repo.ts';
import { findTokenUser, touchToken } from './tokens.repo.ts';

// Who a request comes from: a session cookie's token or a bearer token, each kept only as its
// SHA-256 hash. The session plugin (plugins/session.ts) reads the cookie and header and asks here.

/** The caller, with admin rights decided by account id (admins row or MUSE_ADMINS grant). */
export type SessionUser = UserRow & { isAdmin: boolean };

type Deps = Pick<AppDeps, 'db' | 'config'>;

const SESSION_DAYS = 180;
/** How often a token's "last used" is written at most: not a write on every request. */
const TOKEN_TOUCH_MS = 60 * 1000;

/** What the database keeps of a session or bearer token: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// MUSE_ADMINS as name keys, worked out once per configuration rather than on every request.
const adminKeys = new WeakMap<Deps['config'], string[]>();
function configuredKeysOf(config: Deps['config']): string[] {
  let keys = adminKeys.get(config);
  if (!keys) {
    keys = configuredAdminKeys(config);
    adminKeys.set(config, keys);
  }
  return keys;
}

/**
 * The user of a bearer token (native clients, scripts) and the token's id; null for a revoked,
 * unknown or malformed token. Records when the token was last used, at most once a minute.
 */
export async function callerOfBearer(
  deps: Deps,
  bearer: string,
  now: Date = new Date(),
): Promise<{ user: SessionUser; tokenId: string } | null> {
  if (bearer.length === 0 || bearer.length > 200) return null;
  const found = await findTokenUser(deps.db, hashToken(bearer), configuredKeysOf(deps.config));
  if (!found) return null;
  const lastUsed = found.token.last_used_at ? Date.parse(found.token.last_used_at) : 0;
  if (now.getTime() - lastUsed >= TOKEN_TOUCH_MS) {
    await touchToken(deps.db, found.token.id, now.toISOString());
  }
  return {
    user: { ...found.user, isAdmin: found.listedAdmin || found.configuredAdmin },
    tokenId: found.token.id,
  };
}

/** What a session lookup asks for: the token's hash, the time now and MUSE_ADMINS's keys. */
export function sessionLookup(
  deps: Deps,
  tokenHash: string,
  now: Date = new Date(),
): SessionUserParams {
  return { tokenHash, now: now.toISOString(), configuredKeys: configuredKeysOf(deps.config) };
}

/**
 * The caller a session lookup found. Admin rights belong to the account id (admins row or
 * MUSE_ADMINS grant), never to the name the account holds right now (issue 13 point 1).
 */
export function callerOfFound(found: FoundSessionUser | undefined): SessionUser | null {
  return found ? { ...found.user, isAdmin: found.listedAdmin || found.configuredAdmin } : null;
}

/** The user of a live (unexpired) session, by its token's hash; null when there is none. */
export async function callerOfSession(
  deps: Deps,
  tokenHash: string,
  now: Date = new Date(),
): Promise<SessionUser | null> {
  return callerOfFound(await findSessionUser(deps.db, sessionLookup(deps, tokenHash, now)));
}

/** A fresh session for `userId`: a new random token (256 bits), stored as its hash. */
export async function openSession(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  now: Date = new Date(),
): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await insertSession(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
  });
  return { token, expires };
}

export async function closeSession(deps: Pick<AppDeps, 'db'>, tokenHash: string): Promise<void> {
  await deleteSession(deps.db, tokenHash);
}

/** When a session started and when it ends (undefined: no such session). */
export function sessionSpan(
  deps: Pick<AppDeps, 'db'>,
  tokenHash: string,
): Promise<{ created_at: string; expires_at: string } | undefined> {
  return findSessionSpan(deps.db, tokenHash);
}

/** When the session was started: every start of a named user's session followed a password. */
export function sessionStartedAt(
  deps: Pick<AppDeps, 'db'>,
  tokenHash: string,
): Promise<string | undefined> {
  return findSessionStart(deps.db, tokenHash);
}
