import type { CalendarDay } from '#shared/domain/calendar-day.ts';
import { api } from './call.ts';

// Calls for the caller's own record (SPEC §7; schemas in src/shared/api/users.ts).

/**
 * Starts an anonymous user with a client-generated id; the answer sets the session cookie.
 * `device`: this browser's marker (device-marker.ts), recorded with the anonymous user.
 */
export function createUser(userId: string, today: CalendarDay, device: string) {
  return api('/api/user/create', { user: { _id: userId }, device, ...today });
}

export function fetchUser(userId: string) {
  return api('/api/user', { _id: userId });
}

/** SPEC §4 streak: the server applies the same rule as `applyStreak` for `today`. */
export function postStreak(userId: string, today: CalendarDay) {
  return api('/api/user/streak', { user: { _id: userId }, ...today });
}

/** SPEC §9 "reset sets streak to 1". */
export function postStreakReset(userId: string, today: CalendarDay) {
  return api('/api/user/reset', { user_id: userId, ...today });
}

export function postProfilePicture(userId: string, profilePicture: string) {
  return api('/api/user/profilePicture', { _id: userId, profilePicture });
}

/** The admin list: names only, loaded at start so the side menu can show the Admin link. */
export function fetchAdminList() {
  return api('/api/admin');
}
