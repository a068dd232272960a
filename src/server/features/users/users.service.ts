import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { flushErasure } from '#server/db/erasure.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  unauthorized,
} from '#server/plugins/errors.ts';
import { checkedJson } from '#server/plugins/typed-routes.ts';
import { ownUserSchema } from '#shared/api/users.ts';
import { addDays, type CalendarDay, dayKey } from '#shared/domain/calendar-day.ts';
import { nameSkeleton } from '#shared/domain/name-skeleton.ts';
import { nameKey as keyOfName, mixesScripts } from '#shared/domain/names.ts';
import { applyStreak, resetStreak, type StreakFields } from '#shared/domain/streak.ts';
import { configuredNameClaim, grantConfiguredAdmins } from '../admin/configured-admins.service.ts';
import { listOwnAnswers } from '../answers/answers.service.ts';
import { publicPhotoCopiesOfUser, unpublishPhotos } from '../photos/photo-sharing.service.ts';
import { listOwnPhotos, photoKeysOfUser, removeStoredPhotos } from '../photos/photos.service.ts';
import { listOwnPictures, removeErasedPictures } from '../pictures/pictures.service.ts';
import { listOwnPrompts } from '../prompts/prompts.service.ts';
import { presentOwnUser } from './users.present.ts';
import {
  clearLoginFailures,
  deleteUserCompletely,
  findOwnedIdsJson,
  findUserById,
  findUserByNameOrEmail,
  insertUser,
  listOwnLovesAndFlags,
  mergeAnonymousInto,
  type OwnedIdsJson,
  replacePasswordHash,
  reserveLoginAttempt,
  takenNameOrEmail,
  updateUser,
} from './users.repo.ts';

export const TAKEN = 'Sorry, name or email is taken';
/**
 * SPEC §8's words, then which of the two (issue 35); a unique-constraint race, which cannot say,
 * keeps SPEC's words alone.
 */
export const TAKEN_NAME = `${TAKEN}: someone already goes by this name`;
export const TAKEN_EMAIL = `${TAKEN}: this email already has an account`;
const takenMessage = (field: 'name' | 'email') => (field === 'email' ? TAKEN_EMAIL : TAKEN_NAME);
export const MIXED_SCRIPTS = 'Names cannot mix alphabets, like Latin and Cyrillic letters';
export const WRONG_LOGIN = 'Sorry, password does not match';
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_LOGIN_ATTEMPTS = 10;

// A person with ten years of daily answers has 3,650 ids in their record: read as two JSON
// arrays in one query (decision 030) and kept under (person, owned_version), the counter the
// database bumps on their row whenever those ids change (migration 013, decision 032). The
// caller's row comes from the session lookup, so the version is as fresh as the database on
// SQLite and PostgreSQL alike, whichever instance wrote; another person's save leaves the
// entry alone.
// Bounded by weight in characters; when full, it starts over.
const OWNED_IDS_MAX_WEIGHT = 20_000_000;
type OwnedEntry = { version: string; ids: OwnedIdsJson; weight: number };
const ownedIdsCaches = new WeakMap<
  Database,
  { entries: Map<string, OwnedEntry>; weight: number }
>();

async function ownedIdsOf(deps: AppDeps, row: UserRow): Promise<OwnedIdsJson> {
  if (row.owned_version === undefined) return findOwnedIdsJson(deps.db, row.id);
  const version = String(row.owned_version);
  let cache = ownedIdsCaches.get(deps.db);
  if (!cache) {
    cache = { entries: new Map(), weight: 0 };
    ownedIdsCaches.set(deps.db, cache);
  }
  const hit = cache.entries.get(row.id);
  if (hit?.version === version) return hit.ids;
  // Read after the row, so never older than its version: kept under it, at worst newer.
  const ids = await findOwnedIdsJson(deps.db, row.id);
  const weight = ids.answered.length + ids.created.length;
  if (hit) cache.weight -= hit.weight;
  if (cache.weight + weight > OWNED_IDS_MAX_WEIGHT) {
    cache.entries.clear();
    cache.weight = 0;
  }
  cache.entries.set(row.id, { version, ids, weight });
  cache.weight += weight;
  return ids;
}

export async function loadOwnUser(deps: AppDeps, userId: string) {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new HttpError(404, 'Not found');
  const ids = await ownedIdsOf(deps, row);
  return presentOwnUser(row, {
    answered: JSON.parse(ids.answered) as string[],
    created: JSON.parse(ids.created) as string[],
  });
}

const ownUserHead = ownUserSchema.omit({ answered: true, created: true });

/**
 * `{"user":…}` for /api/user, serialised: the caller's row as the session just read it, and
 * their ids spliced in as the JSON the database made, never parsed and serialised again.
 */
export async function ownUserBody(deps: AppDeps, row: UserRow): Promise<string> {
  const ids = await ownedIdsOf(deps, row);
  const {
    answered: _answered,
    created: _created,
    ...rest
  } = presentOwnUser(row, {
    answered: [],
    created: [],
  });
  // Checked against the schema like every answer of route(), the two id lists aside: the
  // database made them as JSON arrays of ids and nothing else.
  const head = checkedJson(ownUserHead, rest, 'the own user record');
  return `{"user":${head.slice(0, -1)},"created":${ids.created},"answered":${ids.answered}}}`;
}

/** "Your data": everything the server keeps about the caller, as one JSON document. */
export async function exportOwnData(deps: AppDeps, caller: UserRow) {
  const [user, answers, prompts, world, pictures, photos] = await Promise.all([
    loadOwnUser(deps, caller.id),
    listOwnAnswers(deps, caller),
    listOwnPrompts(deps, caller.id),
    listOwnLovesAndFlags(deps.db, caller.id),
    listOwnPictures(deps, caller.id),
    listOwnPhotos(deps, caller.id),
  ]);
  return {
    exported: new Date().toISOString(),
    user,
    answers,
    prompts,
    loved: world.loved,
    flagged: world.flagged,
    // Every picture the server keeps from the caller, set or only uploaded.
    pictures,
    // The photos of their entries, without where the server keeps them (the schema lists no key).
    photos: photos.map(({ key: _key, ...photo }) => photo),
  };
}

/**
 * A name someone is taking (signing up, renaming): refused when it mixes scripts (`boѕѕ`, with a
 * Cyrillic ѕ); else its key and its confusable skeleton, which no other name may share.
 */
function newName(name: string): { key: string; skeleton: string } {
  if (mixesScripts(name)) throw badRequest(MIXED_SCRIPTS);
  return { key: keyOfName(name), skeleton: nameSkeleton(name) };
}

/** SHA-256 of a device marker: the server keeps only this. */
function hashMarker(marker: string): string {
  return createHash('sha256').update(marker).digest('hex');
}

/**
 * Whether this anonymous user was created in the caller's browser: its device marker (kept in
 * localStorage, sent with the call) matches the one recorded at creation. Users created before
 * markers existed (no hash) count only when the browser names their id, which a cookie planted
 * from elsewhere cannot make it do.
 */
export function createdOnThisDevice(
  user: UserRow,
  device: string | undefined,
  claimedId: string | undefined,
): boolean {
  if (!user.device_hash) return claimedId === user.id;
  if (device === undefined) return false;
  const given = Buffer.from(hashMarker(device));
  const kept = Buffer.from(user.device_hash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

export async function createAnonymousUser(
  deps: AppDeps,
  id: string,
  today: CalendarDay,
  device?: string,
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
    device_hash: device ? hashMarker(device) : null,
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
  input: { name: string; email: string; password: string; _id?: string | undefined },
  device?: string,
): Promise<void> {
  if (user.name !== '') throw conflict('You have already signed up');
  // Signing up turns the session's anonymous user into the account, answers and all: only the
  // browser that created it may (a planted session cookie must not hand its answers over). It
  // shows so by the marker, or by naming the user's id, which only its own browser holds (a
  // different id is already refused by assertSelf).
  if (user.device_hash && input._id !== user.id && !createdOnThisDevice(user, device, undefined)) {
    throw forbidden('That is not your account');
  }
  const name = newName(input.name);
  const emailKey = input.email.toLowerCase();
  const taken = await takenNameOrEmail(deps.db, user.id, name, emailKey);
  if (taken) throw conflict(takenMessage(taken));
  if ((await configuredNameClaim(deps, user.id, name, 'signup')) === 'reserved') {
    throw conflict(TAKEN_NAME);
  }
  const passwordHash = await deps.passwords.hash(input.password);
  try {
    await updateUser(deps.db, user.id, {
      name: input.name,
      name_key: name.key,
      name_skeleton: name.skeleton,
      email: input.email,
      email_key: emailKey,
      password_hash: passwordHash,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAKEN);
    throw error;
  }
  // The sign-up that first claims a MUSE_ADMINS name is granted it, and the grant recorded.
  await grantConfiguredAdmins(deps);
}

// Verifying against a fixed hash keeps an unknown name as slow as a wrong password.
let dummyHash: Promise<string> | undefined;

function dummyHashOf(deps: AppDeps): Promise<string> {
  if (!dummyHash) {
    const made = deps.passwords.hash('not-a-real-password');
    // Refused while busy (503): made again next time, not kept as a refusal for good.
    made.catch(() => {
      if (dummyHash === made) dummyHash = undefined;
    });
    dummyHash = made;
  }
  return dummyHash;
}

/**
 * A password just verified against an older scheme or cost (scrypt, decision 005) is hashed
 * again and stored. Best effort: while hashing is busy, the next login does it.
 */
async function upgradePasswordHash(deps: AppDeps, account: UserRow, password: string) {
  const stored = account.password_hash;
  if (!stored || !deps.passwords.needsRehash(stored)) return;
  let fresh: string;
  try {
    fresh = await deps.passwords.hash(password);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503) return;
    throw error;
  }
  await replacePasswordHash(deps.db, account.id, stored, fresh);
}

/**
 * Reserves one password check for `key` (atomically, before any hashing) and refuses with 429
 * once 10 were made in 15 minutes. Every password check goes through here: login, and the
 * password a session holder gives to delete the account (a stolen session must not become a
 * way to guess the password).
 */
export async function reservePasswordCheck(deps: AppDeps, key: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const reserved = await reserveLoginAttempt(deps.db, key, now.toISOString(), windowStart);
  if (reserved.attempts > MAX_LOGIN_ATTEMPTS) {
    const retryAt = new Date(reserved.windowStart).getTime() + LOGIN_WINDOW_MS;
    const retryAfter = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
    throw new HttpError(429, 'Too many failed logins: try again later', {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * Checks credentials with a per-account throttle kept in the database (so it holds across app
 * instances): each attempt is reserved atomically before the password is hashed, and after 10
 * attempts in 15 minutes the account answers 429 until the window passes (a success clears it).
 * A browser that logged in to this account before (`knownDevice`, from its signed device cookie)
 * counts in a bucket of its own, so strangers cannot lock the owner out.
 */
export async function checkCredentials(
  deps: AppDeps,
  nameOrEmail: string,
  password: string,
  knownDevice: (accountId: string) => string | null = () => null,
  now: Date = new Date(),
): Promise<UserRow> {
  const account = await findUserByNameOrEmail(deps.db, nameOrEmail);
  if (!account?.password_hash) {
    await deps.passwords.verify(password, await dummyHashOf(deps));
    throw unauthorized(WRONG_LOGIN);
  }
  const device = knownDevice(account.id);
  const key = device ? `${account.id}#device:${device}` : account.id;
  // A login refused because hashing is busy (503) must not spend one of the account's attempts.
  deps.passwords.admit();
  await reservePasswordCheck(deps, key, now);
  if (!(await deps.passwords.verify(password, account.password_hash))) {
    throw unauthorized(WRONG_LOGIN);
  }
  await clearLoginFailures(deps.db, key);
  await upgradePasswordHash(deps, account, password);
  return account;
}

/**
 * The throttle bucket of the proofs a signed-in person gives again before changing what guards
 * the account (a new password; changing or removing the passcode): one bucket for all of them,
 * so a stolen session gets ten guesses in 15 minutes, not ten per door.
 */
export const reauthKey = (userId: string) => `${userId}#reauth`;

/**
 * The account's password, given again by its signed-in owner: refused while hashing is busy
 * (503, no attempt spent), counted before it is hashed, 403 when it does not match.
 */
export async function confirmOwnPassword(
  deps: AppDeps,
  user: UserRow,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  deps.passwords.admit();
  await reservePasswordCheck(deps, reauthKey(user.id), now);
  const ok =
    user.password_hash !== null && (await deps.passwords.verify(password, user.password_hash));
  if (!ok) throw forbidden(WRONG_LOGIN);
  await clearLoginFailures(deps.db, reauthKey(user.id));
}

export async function mergeIntoAccount(
  deps: AppDeps,
  caller: UserRow | null,
  account: UserRow,
  proof: { device?: string | undefined; claimedId?: string | undefined },
): Promise<void> {
  if (!caller || caller.id === account.id || caller.name !== '') return;
  if (!createdOnThisDevice(caller, proof.device, proof.claimedId)) return;
  await mergeAnonymousInto(deps.db, caller.id, account.id);
}

export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: { name?: string | undefined; email?: string | undefined },
): Promise<void> {
  const name = input.name ?? user.name;
  const email = input.email ?? user.email;
  const emailKey = email ? email.toLowerCase() : null;
  // A name kept as it is stays as it was, even one from before these rules (mixing scripts, or
  // looking like an older name): the person can still change their e-mail.
  const renamed = name !== '' && name !== user.name ? newName(name) : null;
  const nameKey = renamed?.key ?? (name ? keyOfName(name) : null);
  const taken = await takenNameOrEmail(deps.db, user.id, renamed, emailKey);
  if (taken) throw conflict(takenMessage(taken));
  // Nobody renames into a MUSE_ADMINS name (or a look-alike): it belongs to the account it was
  // granted to.
  if (renamed && (await configuredNameClaim(deps, user.id, renamed, 'rename')) === 'reserved') {
    throw conflict(TAKEN_NAME);
  }
  try {
    await updateUser(deps.db, user.id, {
      name,
      name_key: nameKey,
      ...(renamed && { name_skeleton: renamed.skeleton }),
      email,
      email_key: emailKey,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAKEN);
    throw error;
  }
}

/** The account a name (compared by its key) or an e-mail (any case) belongs to, if any. */
export function findAccount(deps: Pick<AppDeps, 'db'>, nameOrEmail: string) {
  return findUserByNameOrEmail(deps.db, nameOrEmail);
}

/** Stores a streak worked out elsewhere (offline sync's, checked against the same rules). */
export async function setStreak(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  fields: { streak: number; longestStreak: number; last: string },
): Promise<void> {
  await updateUser(deps.db, userId, {
    streak: fields.streak,
    longest_streak: fields.longestStreak,
    last: fields.last,
  });
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
    deps.passwords.admit();
    await reservePasswordCheck(deps, `${user.id}#delete`, new Date());
    const ok =
      password !== undefined &&
      user.password_hash !== null &&
      (await deps.passwords.verify(password, user.password_hash));
    if (!ok) throw new HttpError(403, WRONG_LOGIN);
  }
  const [pictures, photoKeys, publicCopies] = await Promise.all([
    listOwnPictures(deps, user.id),
    photoKeysOfUser(deps, user.id),
    publicPhotoCopiesOfUser(deps, user.id),
  ]);
  const erased = await deleteUserCompletely(deps.db, user.id);
  await flushErasure(deps.db);
  // Open /world pages drop the account's shares and show the loves it took back.
  for (const answerId of erased.unshared) {
    await deps.worldEvents.publish({ type: 'unshared', answerId });
  }
  for (const answerId of erased.lovesChanged) {
    await deps.worldEvents.publish({ type: 'loves', answerId });
  }
  // Set or only uploaded, the account's pictures go with it.
  await removeErasedPictures(
    deps,
    pictures.map((picture) => picture.url),
  );
  // So do the photos of its entries (their rows went with the account).
  await removeStoredPhotos(deps, photoKeys);
  await unpublishPhotos(deps, publicCopies);
}
