import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { adminNameRequest, adminPageRequest } from '#shared/api/admin.ts';
import { requireAdmin } from '../auth/policies.ts';
import {
  addAdmin,
  adminAnswersPage,
  adminList,
  adminUsersPage,
  removeAdmin,
} from './admin.service.ts';
import { auditPage } from './audit.service.ts';
import { registerChangeLifeRoute } from './change-life.routes.ts';

export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  // SPEC §7: every client loads the admin list at start (to show the Admin menu link), so no
  // session is needed; it reveals only names, which public profiles show anyway.
  app.post('/api/admin', async () => ({ admin: await adminList(deps) }));

  app.post('/api/admin/add', async (request) => {
    const actor = requireAdmin(request);
    const { admin_name } = adminNameRequest.parse(request.body);
    return { admin: await addAdmin(deps, actor, admin_name) };
  });

  app.post('/api/admin/remove', async (request) => {
    const actor = requireAdmin(request);
    const { admin_name } = adminNameRequest.parse(request.body);
    return { admin: await removeAdmin(deps, actor, admin_name) };
  });

  app.post('/api/admin/users', async (request) => {
    requireAdmin(request);
    const { page } = adminPageRequest.parse(request.body ?? {});
    return { users: await adminUsersPage(deps, page), page };
  });

  app.post('/api/admin/answers', async (request) => {
    requireAdmin(request);
    const { page } = adminPageRequest.parse(request.body ?? {});
    return { answers: await adminAnswersPage(deps, page), page };
  });

  // Who did what: admin grants, adds and removals, prompt decisions, answers taken out of the
  // world (issue 13). Newest first.
  app.post('/api/admin/audit', async (request) => {
    requireAdmin(request);
    const { page } = adminPageRequest.parse(request.body ?? {});
    return { entries: await auditPage(deps, page), page };
  });

  registerChangeLifeRoute(app);
}
