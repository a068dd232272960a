import { addDays, type CalendarDay, dayKey } from '../../../shared/domain/calendar-day.ts';
import { applyStreak, resetStreak, type StreakFields } from '../../../shared/domain/streak.ts';
import { flushErasure } from '../../db/erasure.ts';
import { createVersionedCache } from '../../db/versioned-cache.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, HttpError, unauthorized } from '../../plugins/errors.ts';
import { listOwnPictures, removeErasedPictures } from '../pictures/pictures.service.ts';
import { presentOwnUser } from './users.present.ts';
import {
  clearLoginFailures,
  deleteUserCompletely,
  findThrottle,
  findUserById,
  findUserByNameOrEmail,
  insertUser,
  isNameOrEmailTaken,
  listAnsweredIds,
  listCreatedIds,
  mergeAnonymousInto,
  recordLoginFailure,
  type UserRow,
  updateUser,
} from './users.repo.ts';

export const TAKEN = 'Sorry, name or email is taken';
export const WRONG_LOGIN = 'Sorry, password does not match';
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_LOGIN_FAILURES = 10;

// A person with ten years of daily answers has 3,650 ids in their record: read once per change
// of the answers table, not on every /api/user (decision 018).
const answeredIds = createVersionedCache<string, string[]>(500_000, (ids) => ids.length + 1);

export async function loadOwnUser(deps: AppDeps, userId: string) {
  const [row, answered, created] = await Promise.all([
    findUserById(deps.db, userId),
    answeredIds.get(deps.db, userId, () => listAnsweredIds(deps.db, userId)),
    listCreatedIds(deps.db, userId),
  ]);
  if (!row) throw new HttpError(404, 'Not found');
  return presentOwnUser(row, { answered, created });
}

/** Unique-constraint races (two sign-ups at once) surface as a taken name, not a 500. */
function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: string }).code;
  return code === '23505' || /UNIQUE constraint failed/i.test(message);
}

export async function createAnonymousUser(
  deps: AppDeps,
  id: string,
  today: CalendarDay,
): Promise<UserRow> {
  if (await findUserById(deps.db, id)) throw conflict('That user id is taken');
  const row: UserRow = {
    id,
    name: '',
    name_key: null,
    email: null,
    email_key: null,
    password_hash: null,
    profile_picture: null,
    started: dayKey(today),
    streak: 0,
    longest_streak: 0,
    score: 0,
    last: dayKey(addDays(today, -1)),
    categories: '[]',
    passcode_hash: null,
    old_id: null,
    created_at: new Date().toISOString(),
  };
  try {
    await insertUser(deps.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That user id is taken');
    throw error;
  }
  return row;
}

export async function signUp(
  deps: AppDeps,
  user: UserRow,
  input: { name: string; email: string; password: string },
): Promise<void> {
  if (user.name !== '') throw conflict('You have already signed up');
  const nameKey = input.name.toLowerCase();
  const emailKey = input.email.toLowerCase();
  if (await isNameOrEmailTaken(deps.db, user.id, nameKey, emailKey)) throw conflict(TAKEN);
  const passwordHash = await deps.passwords.hash(input.password);
  try {
    await updateUser(deps.db, user.id, {
      name: input.name,
      name_key: nameKey,
      email: input.email,
      email_key: emailKey,
      password_hash: passwordHash,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAKEN);
    throw error;
  }
}

// Verifying against a fixed hash keeps an unknown name as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

/**
 * Checks credentials with a per-account throttle kept in the database (so it holds across app
 * instances): after 10 failures in 15 minutes the account answers 429 until the window passes.
 */
export async function checkCredentials(
  deps: AppDeps,
  nameOrEmail: string,
  password: string,
  now: Date = new Date(),
): Promise<UserRow> {
  const account = await findUserByNameOrEmail(deps.db, nameOrEmail);
  if (!account?.password_hash) {
    dummyHash ??= deps.passwords.hash('not-a-real-password');
    await deps.passwords.verify(password, await dummyHash);
    throw unauthorized(WRONG_LOGIN);
  }
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const throttle = await findThrottle(deps.db, account.id);
  if (throttle && throttle.window_start >= windowStart && throttle.failures >= MAX_LOGIN_FAILURES) {
    const retryAt = new Date(throttle.window_start).getTime() + LOGIN_WINDOW_MS;
    const retryAfter = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
    throw new HttpError(429, 'Too many failed logins: try again later', {
      'Retry-After': String(retryAfter),
    });
  }
  if (!(await deps.passwords.verify(password, account.password_hash))) {
    await recordLoginFailure(deps.db, account.id, now.toISOString(), windowStart);
    throw unauthorized(WRONG_LOGIN);
  }
  if (throttle) await clearLoginFailures(deps.db, account.id);
  return account;
}

export async function mergeIntoAccount(
  deps: AppDeps,
  caller: UserRow | null,
  account: UserRow,
): Promise<void> {
  if (caller && caller.id !== account.id && caller.name === '') {
    await mergeAnonymousInto(deps.db, caller.id, account.id);
  }
}

export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: { name?: string | undefined; email?: string | undefined },
): Promise<void> {
  const name = input.name ?? user.name;
  const email = input.email ?? user.email;
  const nameKey = name ? name.toLowerCase() : null;
  const emailKey = email ? email.toLowerCase() : null;
  if (await isNameOrEmailTaken(deps.db, user.id, nameKey, emailKey)) throw conflict(TAKEN);
  try {
    await updateUser(deps.db, user.id, { name, name_key: nameKey, email, email_key: emailKey });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAKEN);
    throw error;
  }
}

function streakOf(user: UserRow): StreakFields {
  return { streak: user.streak, longestStreak: user.longest_streak, last: user.last };
}

export async function updateStreak(
  deps: AppDeps,
  user: UserRow,
  today: CalendarDay,
  rule: 'apply' | 'reset',
): Promise<void> {
  const next =
    rule === 'apply' ? applyStreak(streakOf(user), today) : resetStreak(streakOf(user), today);
  await updateUser(deps.db, user.id, {
    streak: next.streak,
    longest_streak: next.longestStreak,
    last: next.last,
  });
}

export async function deleteAccount(
  deps: AppDeps,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  // Anonymous users have no password to give; everyone with an account must give theirs.
  if (user.name !== '' || user.password_hash) {
    const ok =
      password !== undefined &&
      user.password_hash !== null &&
      (await deps.passwords.verify(password, user.password_hash));
    if (!ok) throw new HttpError(403, WRONG_LOGIN);
  }
  const pictures = await listOwnPictures(deps, user.id);
  await deleteUserCompletely(deps.db, user.id);
  await flushErasure(deps.db);
  // Set or only uploaded, the account's pictures go with it.
  await removeErasedPictures(
    deps,
    pictures.map((picture) => picture.url),
  );
}
