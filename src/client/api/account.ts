import type { RequestOf } from '#shared/api/endpoints.ts';
import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { api } from './call.ts';

// Calls for accounts (SPEC §7; schemas in src/shared/api/users.ts): sign-up, login, logout,
// account deletion, profile edits, passcode, the picture upload and the data export.

/**
 * SPEC §7 /api/signup: the caller's (anonymous) user becomes a named one, same id. Without
 * e-mail on the server, the account's recovery codes come along, once.
 */
export function postSignup(
  user: RequestOf<'/api/signup'>['user'],
  today: CalendarDay,
  device: string,
) {
  return api('/api/signup', { user, device, ...today });
}

/**
 * SPEC §7 /api/login: `name` is a name or an e-mail. The server carries the caller's anonymous
 * answers and prompts into the account (SPEC §4) when `device` shows that anonymous user was
 * created in this browser, and answers with the account's user.
 */
export function postLogin(
  user: RequestOf<'/api/login'>['user'],
  today: CalendarDay,
  device: string,
) {
  return api('/api/login', { user, device, ...today });
}

export function postLogout() {
  return api('/api/logout');
}

/** Erases the caller's account and everything it owns; named users give their password. */
export function postDeleteAccount(password?: string) {
  return api('/api/user/delete', password === undefined ? {} : { password });
}

export function postUserUpdate(user: RequestOf<'/api/user/update'>['user']) {
  return api('/api/user/update', { user });
}

/**
 * Four digits sets the passcode, '' removes it. Changing or removing one that is set takes
 * `current`: that passcode or the account's password (the server checks it).
 */
export function postUserCode(userId: string, code: string, current?: string) {
  return api(
    '/api/user/code',
    current === undefined ? { _id: userId, code } : { _id: userId, code, current },
  );
}

/** Everything the server keeps about the caller, as one JSON document. */
export function fetchExport() {
  return api('/api/user/export');
}

/**
 * Uploads a picture as multipart/form-data (one file field); the answer is its URL, which
 * `setProfilePicture` (writes.ts) then saves on the user. Errors are ApiErrors: 413 too big,
 * 415 not an image, 403 for anonymous users, 0 when the network failed.
 */
export async function uploadPicture(file: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append('picture', file, fileName);
  return (await api('/api/user/picture', body)).profilePicture;
}
