import type { AppDeps } from '#server/deps.ts';
import { conflict, notFound } from '#server/plugins/errors.ts';
import {
  ADMIN_PAGE_SIZE,
  type AdminAnswerView,
  type AdminEntry,
  type AdminUserView,
} from '#shared/api/admin.ts';
import { currentHour, utcDay } from '#shared/domain/hour.ts';
import { nameKey } from '#shared/domain/names.ts';
import { presentAdminAnswer, presentAdminList, presentAdminUser } from './admin.present.ts';
import {
  configuredAdminIds,
  deleteAdminUnlessLast,
  findUserByNameKey,
  insertAdminIfAbsent,
  listAdminUsers,
  listAnswersPage,
  listUsersPage,
} from './admin.repo.ts';
import { recordAdminAction } from './audit.service.ts';
import { configuredAdminKeys } from './configured-admins.service.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;
type Actor = { id: string; name: string };

/**
 * Admins by name: the admins table plus the accounts MUSE_ADMINS granted, one entry per user. A
 * MUSE_ADMINS name nobody has signed up with yet is left out on purpose: publishing unclaimed
 * names would invite someone to claim one.
 */
export async function adminList(deps: Deps): Promise<AdminEntry[]> {
  return presentAdminList(await listAdminUsers(deps.db, configuredAdminKeys(deps.config)));
}

/** Names resolve to accounts at the moment of the call, compared by their NFKC + folded key. */
async function userNamed(deps: Deps, name: string) {
  const user = await findUserByNameKey(deps.db, nameKey(name));
  if (!user) throw notFound(`There is no user named '${name.slice(0, 40)}'`);
  return user;
}

/** Idempotent: adding an admin twice changes nothing (and is audited once). */
export async function addAdmin(deps: Deps, actor: Actor, name: string): Promise<AdminEntry[]> {
  const user = await userNamed(deps, name);
  if (await insertAdminIfAbsent(deps.db, user.id, new Date().toISOString())) {
    await recordAdminAction(deps, actor, 'add-admin', `${user.name} (${user.id})`);
  }
  return adminList(deps);
}

/**
 * Removing someone who is not an admin changes nothing. An account MUSE_ADMINS granted is an
 * admin by configuration and cannot be removed here; the last admin cannot remove themselves
 * (409 both).
 */
export async function removeAdmin(deps: Deps, actor: Actor, name: string): Promise<AdminEntry[]> {
  const user = await userNamed(deps, name);
  const configured = await configuredAdminIds(deps.db, configuredAdminKeys(deps.config));
  if (configured.has(user.id)) {
    throw conflict(
      `${user.name} is an admin by configuration (MUSE_ADMINS) and can only be removed there`,
    );
  }
  const outcome = await deleteAdminUnlessLast(deps.db, user.id, configuredAdminKeys(deps.config));
  if (outcome === 'last') {
    throw conflict(`${user.name} is the last admin: add another admin before removing them`);
  }
  if (outcome === 'removed') {
    await recordAdminAction(deps, actor, 'remove-admin', `${user.name} (${user.id})`);
  }
  return adminList(deps);
}

function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** A page of users, each with whether they are an admin (table row or granted MUSE_ADMINS). */
export async function adminUsersPage(deps: Deps, page: number): Promise<AdminUserView[]> {
  const rows = await listUsersPage(deps.db, offsetOf(page), ADMIN_PAGE_SIZE, utcDay(new Date()));
  const configured = await configuredAdminIds(deps.db, configuredAdminKeys(deps.config));
  return rows.map((row) =>
    presentAdminUser(row, row.listed_admin !== null || configured.has(row.id)),
  );
}

export async function adminAnswersPage(deps: Deps, page: number): Promise<AdminAnswerView[]> {
  return (await listAnswersPage(deps.db, offsetOf(page), ADMIN_PAGE_SIZE, currentHour())).map(
    presentAdminAnswer,
  );
}
