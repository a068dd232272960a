import { ApiError } from '#client/api/call.ts';
import {
  postChangePassword,
  postForgetPasscode,
  postForgotPassword,
  postRecoverWithCode,
  postRegenerateRecoveryCodes,
  postResetPassword,
} from '#client/api/recovery.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { enqueue } from '../answers/writes.ts';
import { getState, setState } from '../store/app-store.ts';
import { showStatus } from '../store/status.ts';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, TRY_AGAIN } from './account-rules.ts';

// Ways back in (decision 014): a reset link by e-mail, recovery codes, and "Forgot passcode?".
// Each call returns an error message for the form, or null when it worked.

export const RESET_LINK_SENT =
  'If an account has that name or e-mail, a link to choose a new password is on its way. It works for 30 minutes, once.';
export const PASSWORD_CHANGED = 'Password changed: please sign in';
export const PASSCODE_REMOVED = 'Passcode removed';
export const PASSWORD_CHANGED_HERE = 'Password changed: your other devices are signed out';

function messageOf(error: unknown): string {
  // The current password does not open the journal's key: it is not the current password.
  if (error instanceof Error && error.name === 'WrongKeyError') return MESSAGES.passwordMismatch;
  if (!(error instanceof ApiError)) return TRY_AGAIN;
  if (error.status === 0) return MESSAGES.noConnection;
  if (error.status === 403) return MESSAGES.passwordMismatch;
  // The server's short reason: a dead link, a wrong code, a wait after too many tries.
  if (error.status === 400 || error.status === 429 || error.status === 404) return error.message;
  return TRY_AGAIN;
}

/** The first thing wrong with a new password, or null. */
export function newPasswordProblem(password: string): string | null {
  if (password === '') return 'Please enter a new password';
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

export async function requestResetLink(name: string): Promise<string | null> {
  try {
    await postForgotPassword(name.trim());
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

export async function resetWithToken(token: string, password: string): Promise<string | null> {
  try {
    await postResetPassword(token, password);
    showStatus(PASSWORD_CHANGED);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** Sets a new password with a recovery code; the sign-in form then has the name filled in. */
export async function recoverWithCode(
  name: string,
  code: string,
  password: string,
): Promise<string | null> {
  try {
    await postRecoverWithCode(name.trim(), code.trim(), password);
    setState((s) => ({ loginForm: { ...s.loginForm, login: true, name: name.trim() } }));
    showStatus(PASSWORD_CHANGED);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** New recovery codes after the password; they show once, in the recovery-codes dialog. */
export async function regenerateRecoveryCodes(password: string): Promise<string | null> {
  try {
    const { recoveryCodes } = await postRegenerateRecoveryCodes(password);
    setState({ recoveryCodes });
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** After the password login that follows "Forgot passcode?": the passcode goes. */
export async function removeForgottenPasscode(): Promise<string | null> {
  try {
    const { user } = await postForgetPasscode(getState().user._id);
    setState((s) => (s.user._id === user._id ? { user } : {}));
    showStatus(PASSCODE_REMOVED);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** The first thing wrong with the change-password form, or null. */
export function changePasswordProblem(current: string, next: string): string | null {
  if (current === '') return 'Please enter your current password';
  return newPasswordProblem(next);
}

/**
 * "Change password" in settings: the current password, then the new one. This device stays
 * signed in (under a new session); every other one is signed out.
 */
export async function changePassword(current: string, next: string): Promise<string | null> {
  const problem = changePasswordProblem(current, next);
  if (problem) return problem;
  try {
    // Encrypted entries: the journal's key goes with the new password (docs/ENCRYPTION.md).
    const bundle = getState().user.encryption
      ? await (await import('./journal-lock.ts')).bundleForNewPassword(current, next)
      : undefined;
    // In the write queue, like every identity change: the session is renewed, so no write may
    // be on its way under the old one.
    await enqueue(() => postChangePassword(current, next, bundle));
    showStatus(PASSWORD_CHANGED_HERE);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}
