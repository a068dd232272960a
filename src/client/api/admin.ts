import type { RequestOf } from '#shared/api/endpoints.ts';
import { api } from './call.ts';

// Calls for admin data (SPEC §6, §7; schemas in src/shared/api/admin.ts, prompts.ts and
// world.ts). Every call needs an admin's session: others get a 403. The admin list, which
// anyone may load, is in users.ts: start-up loads it.

type PromptInput = RequestOf<'/api/prompt/save'>['prompt'];

/** Adds an admin by user name; the answer is the new admin list. */
export function postAdminAdd(name: string) {
  return api('/api/admin/add', { admin_name: name });
}

/** Removes an admin by user name (409 for the last admin or a MUSE_ADMINS name). */
export function postAdminRemove(name: string) {
  return api('/api/admin/remove', { admin_name: name });
}

/** A page (from 1) of users, ADMIN_PAGE_SIZE at a time. */
export function fetchAdminUsers(page: number) {
  return api('/api/admin/users', { page });
}

/** A page (from 1) of answers; private answers come without their text. */
export function fetchAdminAnswers(page: number) {
  return api('/api/admin/answers', { page });
}

/** A page (from 1) of the audit of admin actions, newest first. */
export function fetchAdminAudit(page: number) {
  return api('/api/admin/audit', { page });
}

/** Prompts waiting for review, oldest first. */
export function fetchSubmittedPrompts() {
  return api('/api/prompts/submitted');
}

export function postApprovePrompt(promptId: string) {
  return api('/api/prompt/approve', { prompt_id: promptId });
}

export function postRejectPrompt(promptId: string) {
  return api('/api/prompt/reject', { prompt_id: promptId });
}

/** An admin's own prompt, approved at once. */
export function postAdminPromptCreate(prompt: PromptInput) {
  return api('/api/admin/prompt/create', { prompt });
}

/** Edits a prompt (an admin may edit any); the answer is the stored prompt. */
export function postPromptSave(prompt: PromptInput) {
  return api('/api/prompt/save', { prompt });
}

export function postPromptDelete(promptId: string) {
  return api('/api/prompt/delete', { prompt_id: promptId });
}

/** Takes a shared answer out of the world; it stays its author's, private (decision 012). */
export function postRemoveFromWorld(answerId: string) {
  return api('/api/admin/answer/unshare', { answer_id: answerId });
}

/** Not in SPEC §7 (issue 35): the answer is fine; every flag on it goes, it stays in the world. */
export function postClearReports(answerId: string) {
  return api('/api/admin/answer/clear-reports', { answer_id: answerId });
}

/** SPEC §7 `GET /api/answer/reported`: shared answers someone flagged, with their report counts. */
export function fetchReportedAnswers() {
  return api('/api/answer/reported');
}
