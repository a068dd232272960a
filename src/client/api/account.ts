import type { Ok } from '#shared/api/common.ts';
import type { UserResponse } from '#shared/api/users.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { ApiError, postJson } from './post-json.ts';

// Typed calls for accounts (SPEC §7; schemas in src/shared/api/users.ts): sign-up, login,
// logout, account deletion, profile edits, passcode, the picture upload and the data export.

/** SPEC §7 /api/signup: the caller's (anonymous) user becomes a named one, same id. */
export function postSignup(
  user: { _id: string; name: string; email: string; password: string },
  today: CalendarDay,
  device: string,
) {
  // Without e-mail on the server, the account's recovery codes come along, once.
  return postJson<UserResponse & { recoveryCodes?: string[] }>('/api/signup', {
    user,
    device,
    ...today,
  });
}

/**
 * SPEC §7 /api/login: `name` is a name or an e-mail. The server carries the caller's anonymous
 * answers and prompts into the account (SPEC §4) when `device` shows that anonymous user was
 * created in this browser, and answers with the account's user.
 */
export function postLogin(
  user: { name: string; password: string; _id?: string | undefined },
  today: CalendarDay,
  device: string,
) {
  return postJson<UserResponse>('/api/login', { user, device, ...today });
}

export function postLogout() {
  return postJson<Ok>('/api/logout');
}

/** Erases the caller's account and everything it owns; named users give their password. */
export function postDeleteAccount(password?: string) {
  return postJson<Ok>('/api/user/delete', password === undefined ? {} : { password });
}

export function postUserUpdate(user: { _id: string; name: string; email: string }) {
  return postJson<UserResponse>('/api/user/update', { user });
}

/** Four digits sets the passcode, '' removes it. */
export function postUserCode(userId: string, code: string) {
  return postJson<UserResponse>('/api/user/code', { _id: userId, code });
}

/** Everything the server keeps about the caller, as one JSON document. */
export function fetchExport() {
  return postJson<Record<string, unknown>>('/api/user/export');
}

/**
 * Uploads a picture as multipart/form-data (one file field); the answer is its URL, which
 * `setProfilePicture` (writes.ts) then saves on the user. Errors are ApiErrors like postJson's:
 * 413 too big, 415 not an image, 403 for anonymous users, 0 when the network failed.
 */
export async function uploadPicture(file: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append('picture', file, fileName);
  let response: Response;
  try {
    response = await fetch('/api/user/picture', {
      method: 'POST',
      body,
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const data = (await response.json().catch(() => ({}))) as {
    error?: string;
    profilePicture?: string;
  };
  if (!response.ok) throw new ApiError(response.status, data.error ?? response.statusText);
  if (typeof data.profilePicture !== 'string') throw new ApiError(500, 'No picture URL came back');
  return data.profilePicture;
}
