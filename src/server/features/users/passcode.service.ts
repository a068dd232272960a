import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { forbidden } from '#server/plugins/errors.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { sessionStartedAt } from '../auth/sessions.service.ts';
import { hashPasscode, passcodeMatchesHash } from './passcode-hash.ts';
import { clearLoginFailures, updateUser } from './users.repo.ts';
import { confirmOwnPassword, reauthKey, reservePasswordCheck } from './users.service.ts';

/** How recent the password login must be for "Forgot passcode?" to remove the passcode. */
export const FRESH_LOGIN_MS = 10 * 60 * 1000;
export const NEEDS_FRESH_LOGIN = 'Please sign in with your password first';

export const NEEDS_PROOF = 'Please enter your passcode or your password';
const PASSCODE = /^\d{4}$/;

/**
 * Before a passcode that is set may change or go (issue 34 point 4), its owner proves who they
 * are again: the current passcode (checked here against its hash) or the account's password
 * (through the hashing queue). Both count in the same login-throttle bucket before they are
 * checked, so a session left open on an unlocked screen cannot guess its way to removing the
 * lock: ten tries in 15 minutes, then 429.
 */
async function confirmPasscodeOwner(
  deps: AppDeps,
  user: UserRow,
  current: string | undefined,
  now: Date,
): Promise<void> {
  if (!current) throw forbidden(NEEDS_PROOF);
  if (!PASSCODE.test(current)) {
    await confirmOwnPassword(deps, user, current, now);
    return;
  }
  await reservePasswordCheck(deps, reauthKey(user.id), now);
  if (!(await passcodeMatchesHash(current, user.passcode_hash))) {
    throw forbidden(MESSAGES.passcodeMismatch);
  }
  await clearLoginFailures(deps.db, reauthKey(user.id));
}

/**
 * Four digits set the passcode (only its PBKDF2 hash is kept); '' or null removes it. Changing
 * or removing one that is set needs `current`: that passcode, or the account's password.
 */
export async function setPasscode(
  deps: AppDeps,
  user: UserRow,
  code: string | null,
  current?: string,
  now: Date = new Date(),
): Promise<void> {
  if (user.passcode_hash !== null) await confirmPasscodeOwner(deps, user, current, now);
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
