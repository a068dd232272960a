import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { forbidden } from '#server/plugins/errors.ts';
import { sessionStartedAt } from '../auth/sessions.service.ts';
import { hashPasscode } from './passcode-hash.ts';
import { updateUser } from './users.repo.ts';

/** How recent the password login must be for "Forgot passcode?" to remove the passcode. */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;
export const NEEDS_FRESH_LOGIN = 'Please sign in with your password first';

/** Four digits set the passcode (only its PBKDF2 hash is kept); '' or null removes it. */
export async function setPasscode(
  deps: AppDeps,
  user: UserRow,
  code: string | null,
): Promise<void> {
  const passcodeHash = code ? await hashPasscode(code) : null;
  await updateUser(deps.db, user.id, { passcode_hash: passcodeHash });
}

/**
 * "Forgot passcode?": the device signed out and the person signed in again with their password.
 * Only a session started in the last 10 minutes may remove the passcode without knowing it; a
 * named user's session starts only at sign-up, login or after a password reset.
 */
export async function forgetPasscode(
  deps: AppDeps,
  user: UserRow,
  sessionTokenHash: string | null,
  now: Date = new Date(),
): Promise<void> {
  const started = sessionTokenHash ? await sessionStartedAt(deps, sessionTokenHash) : undefined;
  if (!started || now.getTime() - new Date(started).getTime() > FRESH_LOGIN_MS) {
    throw forbidden(NEEDS_FRESH_LOGIN);
  }
  await updateUser(deps.db, user.id, { passcode_hash: null });
}
