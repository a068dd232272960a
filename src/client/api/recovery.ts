import type { KeyBundle } from '#shared/api/encryption.ts';
import { api } from './call.ts';

// Calls for the ways back in (schemas in src/shared/api/recovery.ts, decision 014).

export function fetchRecoveryMethods() {
  return api('/api/password/recovery');
}

/** Mails a reset link if `name` (a name or an e-mail) has an account; answers the same if not. */
export function postForgotPassword(name: string) {
  return api('/api/password/forgot', { name });
}

export function postResetPassword(token: string, password: string) {
  return api('/api/password/reset', { token, password });
}

export function postRecoverWithCode(name: string, code: string, password: string) {
  return api('/api/password/recover', { name, code, password });
}

export function postRegenerateRecoveryCodes(password: string) {
  return api('/api/user/recovery-codes', { password });
}

/** Removes a forgotten passcode; only right after a password login. */
export function postForgetPasscode(userId: string) {
  return api('/api/user/code/forget', { _id: userId });
}

/** A signed-in person's new password, after the current one; other devices are signed out. */
/** `bundle`: the journal's key wrapped with the new password, when entries are encrypted. */
export function postChangePassword(password: string, newPassword: string, bundle?: KeyBundle) {
  return api('/api/password/change', { password, newPassword, ...(bundle ? { bundle } : {}) });
}
