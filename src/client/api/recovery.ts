import type { Ok } from '#shared/api/common.ts';
import type { RecoveryCodesResponse, RecoveryMethods } from '#shared/api/recovery.ts';
import type { UserResponse } from '#shared/api/users.ts';
import { ApiError, postJson } from './post-json.ts';

// Typed calls for the ways back in (schemas in src/shared/api/recovery.ts, decision 014).

export async function fetchRecoveryMethods(): Promise<RecoveryMethods> {
  let response: Response;
  try {
    response = await fetch('/api/password/recovery', { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  return (await response.json()) as RecoveryMethods;
}

/** Mails a reset link if `name` (a name or an e-mail) has an account; answers the same if not. */
export function postForgotPassword(name: string) {
  return postJson<Ok>('/api/password/forgot', { name });
}

export function postResetPassword(token: string, password: string) {
  return postJson<Ok>('/api/password/reset', { token, password });
}

export function postRecoverWithCode(name: string, code: string, password: string) {
  return postJson<Ok>('/api/password/recover', { name, code, password });
}

export function postRegenerateRecoveryCodes(password: string) {
  return postJson<RecoveryCodesResponse>('/api/user/recovery-codes', { password });
}

/** Removes a forgotten passcode; only right after a password login. */
export function postForgetPasscode(userId: string) {
  return postJson<UserResponse>('/api/user/code/forget', { _id: userId });
}
