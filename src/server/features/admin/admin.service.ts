import { ADMIN_PAGE_SIZE } from '../../../shared/api/admin.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import {
  type AdminAnswerRow,
  type AdminUserRow,
  deleteAdminUnlessLast,
  findUserByNameKey,
  insertAdminIfAbsent,
  listAdminUsers,
  listAnswersPage,
  listUsersPage,
  type NamedUser,
} from './admin.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** MUSE_ADMINS names, lower-cased like users.name_key (the session plugin matches them so). */
function configuredKeys(deps: Deps): string[] {
  return [...new Set(deps.config.admins.map((name) => name.toLowerCase()))];
}

function isConfigured(deps: Deps, nameKey: string | null): boolean {
  return nameKey !== null && configuredKeys(deps).includes(nameKey);
}

/**
 * Admins by name: the admins table plus MUSE_ADMINS, one entry per user. A MUSE_ADMINS name
 * nobody has signed up with yet is left out on purpose: whoever signs up with it becomes an
 * admin, so publishing unclaimed names would invite someone to claim one.
 */
export function adminList(deps: Deps): Promise<NamedUser[]> {
  return listAdminUsers(deps.db, configuredKeys(deps));
}

async function userNamed(deps: Deps, name: string) {
  const user = await findUserByNameKey(deps.db, name.trim().toLowerCase());
  if (!user) throw notFound(`There is no user named '${name.slice(0, 40)}'`);
  return user;
}

/** Idempotent: adding an admin twice changes nothing. */
export async function addAdmin(deps: Deps, name: string): Promise<NamedUser[]> {
  const user = await userNamed(deps, name);
  await insertAdminIfAbsent(deps.db, user.id, new Date().toISOString());
  return adminList(deps);
}

/**
 * Removing someone who is not an admin changes nothing. A MUSE_ADMINS admin is configured at
 * start-up and cannot be removed here; the last admin cannot remove themselves (409 both).
 */
export async function removeAdmin(deps: Deps, name: string): Promise<NamedUser[]> {
  const user = await userNamed(deps, name);
  if (isConfigured(deps, user.name.toLowerCase())) {
    throw conflict(
      `${user.name} is an admin by configuration (MUSE_ADMINS) and can only be removed there`,
    );
  }
  const outcome = await deleteAdminUnlessLast(deps.db, user.id, configuredKeys(deps));
  if (outcome === 'last') {
    throw conflict(`${user.name} is the last admin: add another admin before removing them`);
  }
  return adminList(deps);
}

function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** A page of users, each with whether they are an admin (table row or MUSE_ADMINS). */
export async function adminUsersPage(
  deps: Deps,
  page: number,
): Promise<{ row: AdminUserRow; admin: boolean }[]> {
  const rows = await listUsersPage(deps.db, offsetOf(page), ADMIN_PAGE_SIZE);
  return rows.map((row) => ({
    row,
    admin: row.listed_admin !== null || isConfigured(deps, row.name_key),
  }));
}

export function adminAnswersPage(deps: Deps, page: number): Promise<AdminAnswerRow[]> {
  return listAnswersPage(deps.db, offsetOf(page), ADMIN_PAGE_SIZE);
}
