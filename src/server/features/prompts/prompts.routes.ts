import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { recordAdminAction } from '../admin/audit.service.ts';
import {
  assertSelf,
  assertSelfOrNotFound,
  requireAdmin,
  requireNamedUser,
  requireUser,
} from '../auth/policies.ts';
import { registerDailyPromptRoutes } from './daily-prompt.routes.ts';
import {
  createApprovedPrompt,
  createPromptForUser,
  deletePromptAs,
  listApprovedPrompts,
  listOwnPrompts,
  listSubmittedPrompts,
  savePrompt,
  setPromptStatus,
} from './prompts.service.ts';

/** How the audit names a prompt: the start of its title and its id. */
const promptTarget = (prompt: { _id: string; title: string }) =>
  `${prompt.title.slice(0, 80)} (${prompt._id})`;

export function registerPromptRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  // SPEC §6: named users submit prompts; anonymous visitors are asked to sign up first.
  route(
    app,
    '/api/prompt/create',
    { config: { rateLimit: limits.promptSubmission, write: 'promptCreate' } },
    async (request) => {
      const caller = requireNamedUser(request);
      const { prompt } = request.body;
      assertSelf(caller, prompt.user_id);
      return { prompt: await createPromptForUser(deps, caller, prompt) };
    },
  );

  route(app, '/api/admin/prompt/create', async (request) => {
    const caller = requireAdmin(request);
    const { prompt } = request.body;
    assertSelf(caller, prompt.user_id);
    const created = await createApprovedPrompt(deps, caller, prompt);
    await recordAdminAction(deps, caller, 'create-prompt', promptTarget(created));
    return { prompt: created };
  });

  // The body's user_id is the prompt's author (whole objects are sent), which for an admin's
  // edit is someone else: authorship is checked against the stored row instead.
  route(app, '/api/prompt/save', { config: { write: 'edit' } }, async (request) => {
    const caller = requireUser(request);
    const { prompt } = request.body;
    const saved = await savePrompt(deps, caller, prompt);
    // An admin editing someone else's prompt is an admin action.
    if (caller.isAdmin && saved.user_id !== caller.id) {
      await recordAdminAction(deps, caller, 'edit-prompt', promptTarget(saved));
    }
    return { prompt: saved };
  });

  route(app, '/api/prompt/delete', async (request) => {
    const caller = requireUser(request);
    const { prompt_id } = request.body;
    const deleted = await deletePromptAs(deps, caller, prompt_id);
    if (caller.isAdmin && deleted.user_id !== caller.id) {
      await recordAdminAction(deps, caller, 'delete-prompt', promptTarget(deleted));
    }
    return { ok: true };
  });

  route(app, '/api/prompt/approve', async (request) => {
    const admin = requireAdmin(request);
    const { prompt_id } = request.body;
    const prompt = await setPromptStatus(deps, prompt_id, 'approved');
    await recordAdminAction(deps, admin, 'approve-prompt', promptTarget(prompt));
    return { prompt };
  });

  route(app, '/api/prompt/reject', async (request) => {
    const admin = requireAdmin(request);
    const { prompt_id } = request.body;
    const prompt = await setPromptStatus(deps, prompt_id, 'rejected');
    await recordAdminAction(deps, admin, 'reject-prompt', promptTarget(prompt));
    return { prompt };
  });

  // Loaded at start by everyone, visitors included (SPEC §7): no session needed, so authors are
  // shown only to themselves and admins.
  route(app, '/api/prompts/approved', async (request) => ({
    prompts: await listApprovedPrompts(deps, request.sessionUser),
  }));

  route(app, '/api/prompts/user', async (request) => {
    const caller = requireUser(request);
    const body = request.body;
    assertSelfOrNotFound(caller, body._id);
    return { prompts: await listOwnPrompts(deps, caller.id) };
  });

  route(app, '/api/prompts/submitted', async (request) => {
    requireAdmin(request);
    return { prompts: await listSubmittedPrompts(deps) };
  });

  registerDailyPromptRoutes(app, deps);
}
