import type { AppDeps } from '#server/deps.ts';
import { ADMIN_PAGE_SIZE, type AdminAuditEntry } from '#shared/api/admin.ts';
import { presentAuditEntry } from './admin.present.ts';
import { insertAuditEntry, listAuditPage } from './audit.repo.ts';

type Deps = Pick<AppDeps, 'db'>;

/** What admins do that the audit keeps (issue 13): who, what, to what, when. */
export type AdminAction =
  | 'grant-configured-admin'
  | 'add-admin'
  | 'remove-admin'
  | 'approve-prompt'
  | 'reject-prompt'
  | 'create-prompt'
  | 'edit-prompt'
  | 'delete-prompt'
  | 'unshare-answer'
  | 'clear-reports';

/** `actor` null means the configuration (MUSE_ADMINS) acted, not a person. */
export async function recordAdminAction(
  deps: Deps,
  actor: { id: string; name: string } | null,
  action: AdminAction,
  target: string,
): Promise<void> {
  await insertAuditEntry(deps.db, {
    at: new Date().toISOString(),
    actor_id: actor?.id ?? null,
    actor_name: actor ? actor.name : 'MUSE_ADMINS',
    action,
    target: target.slice(0, 200),
  });
}

export async function auditPage(deps: Deps, page: number): Promise<AdminAuditEntry[]> {
  const rows = await listAuditPage(deps.db, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return rows.map(presentAuditEntry);
}
