import { randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps } from '#server/deps.ts';
import { forbidden, notFound } from '#server/plugins/errors.ts';
import type { DeviceToken } from '#shared/api/tokens.ts';
import { checkCredentials } from '../users/users.service.ts';
import { hashToken } from './sessions.service.ts';
import { deleteTokenOf, insertToken, listTokensOf } from './tokens.repo.ts';

/**
 * Gives a device a bearer token for the account whose name (or e-mail) and password it shows.
 * The password check is the login's: reserved atomically in the per-account throttle before any
 * hash. Only the SHA-256 is kept; the token is shown this once.
 */
export async function mintToken(
  deps: AppDeps,
  input: { nameOrEmail: string; password: string; label: string },
): Promise<{ token: string; id: string }> {
  const account = await checkCredentials(deps, input.nameOrEmail, input.password);
  // Anonymous users have no password, so checkCredentials already refused them; a name is
  // asked for as well so a token always belongs to an account someone can sign in to.
  if (!account.name) throw forbidden('Please sign up first');
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await insertToken(deps.db, {
    id,
    token_hash: hashToken(token),
    user_id: account.id,
    label: input.label,
    created_at: new Date().toISOString(),
    last_used_at: null,
  });
  return { token, id };
}

export async function listDevices(
  deps: AppDeps,
  userId: string,
  currentTokenId: string | null,
): Promise<DeviceToken[]> {
  const rows = await listTokensOf(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    created: row.created_at,
    lastUsed: row.last_used_at,
    current: row.id === currentTokenId,
  }));
}

/**
 * `/api/logout` with a bearer token: that token is the client's session, so logging out ends
 * it (issue 34 point 9). Gone already (revoked meanwhile) is just as logged out.
 */
export async function endToken(deps: AppDeps, userId: string, id: string): Promise<void> {
  await deleteTokenOf(deps.db, userId, id);
}

/** Signs one of the caller's own devices out; anyone else's token is answered as not found. */
export async function revokeDevice(deps: AppDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteTokenOf(deps.db, userId, id))) throw notFound('No such device');
}
