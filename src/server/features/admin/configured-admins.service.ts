import type { Config } from '#server/config.ts';
import type { AppDeps } from '#server/deps.ts';
import { nameSkeleton } from '#shared/domain/name-skeleton.ts';
import { nameKey } from '#shared/domain/names.ts';
import { findGrant, findUserByNameKey, insertGrantIfAbsent } from './admin.repo.ts';
import { recordAdminAction } from './audit.service.ts';

// MUSE_ADMINS names an account, once: the account that holds a listed name when the name first
// appears (at start-up, or at the sign-up that claims it) is granted admin rights, and the grant
// is recorded in admin_grants. From then on the rights belong to that account's id: renaming
// keeps them, and nobody else can ever take the name to get them (issue 13 point 1).

/** MUSE_ADMINS as name keys (NFKC + case folded), deduplicated. */
export function configuredAdminKeys(config: Pick<Config, 'admins'>): string[] {
  return [...new Set(config.admins.map(nameKey).filter((key) => key !== ''))];
}

/** Grants every listed name that is held by an account and not granted yet; idempotent. */
export async function grantConfiguredAdmins(deps: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  for (const key of configuredAdminKeys(deps.config)) {
    if (await findGrant(deps.db, key)) continue;
    const holder = await findUserByNameKey(deps.db, key);
    if (!holder) continue;
    if (await insertGrantIfAbsent(deps.db, key, holder.id, new Date().toISOString())) {
      await recordAdminAction(deps, null, 'grant-configured-admin', holder.name);
    }
  }
}

export type NameClaim = 'free' | 'reserved';

/**
 * Whether `userId` may take a name (its key and skeleton) as far as MUSE_ADMINS goes: a listed
 * name is reserved for the account it was granted to; an ungranted one may be claimed at sign-up
 * only (its first appearance), never by renaming into it; a look-alike of one, never.
 */
export async function configuredNameClaim(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  name: { key: string; skeleton: string },
  how: 'signup' | 'rename',
): Promise<NameClaim> {
  if (!configuredAdminKeys(deps.config).includes(name.key)) {
    // A look-alike of a listed name (`Αdmin` with a Greek Α) would pass for that admin: it is
    // nobody's to take, even before the listed name is claimed.
    const lookalike = deps.config.admins.some((listed) => nameSkeleton(listed) === name.skeleton);
    return lookalike ? 'reserved' : 'free';
  }
  const grant = await findGrant(deps.db, name.key);
  if (grant) return grant.user_id === userId ? 'free' : 'reserved';
  return how === 'signup' ? 'free' : 'reserved';
}
