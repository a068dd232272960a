import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../plugins/typed-routes.ts';
import { requireAdmin } from '../auth/policies.ts';
import {
  presentAdminAnswer,
  presentAdminList,
  presentAdminUser,
  presentAuditEntry,
} from './admin.present.ts';
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
  route(app, '/api/admin', async () => ({ admin: presentAdminList(await adminList(deps)) }));

  route(app, '/api/admin/add', async (request) => {
    const actor = requireAdmin(request);
    const { admin_name } = request.body;
    return { admin: presentAdminList(await addAdmin(deps, actor, admin_name)) };
  });

  route(app, '/api/admin/remove', async (request) => {
    const actor = requireAdmin(request);
    const { admin_name } = request.body;
    return { admin: presentAdminList(await removeAdmin(deps, actor, admin_name)) };
  });

  route(app, '/api/admin/users', async (request) => {
    requireAdmin(request);
    const { page } = request.body;
    const users = await adminUsersPage(deps, page);
    return { users: users.map(({ row, admin }) => presentAdminUser(row, admin)), page };
  });

  route(app, '/api/admin/answers', async (request) => {
    requireAdmin(request);
    const { page } = request.body;
    const answers = await adminAnswersPage(deps, page);
    return { answers: answers.map(presentAdminAnswer), page };
  });

  // Who did what: admin grants, adds and removals, prompt decisions, answers taken out of the
  // world (issue 13). Newest first.
  route(app, '/api/admin/audit', async (request) => {
    requireAdmin(request);
    const { page } = request.body;
    return { entries: (await auditPage(deps, page)).map(presentAuditEntry), page };
  });

  registerChangeLifeRoute(app);
}
