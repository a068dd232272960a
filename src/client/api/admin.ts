import type {
  AdminAnswersResponse,
  AdminAuditResponse,
  AdminListResponse,
  AdminUsersResponse,
} from '#shared/api/admin.ts';
import type { Ok } from '#shared/api/common.ts';
import type { CreatePromptRequest, PromptResponse, PromptsResponse } from '#shared/api/prompts.ts';
import type { ReportedAnswersResponse } from '#shared/api/world.ts';
import { ApiError, postJson } from './post-json.ts';

// Typed calls for admin data (SPEC §6, §7; schemas in src/shared/api/admin.ts, prompts.ts and
// world.ts). Every call but the admin list needs an admin's session: others get a 403.

/** The admin list: names only, loaded at start so the side menu can show the Admin link. */
export function fetchAdminList() {
  return postJson<AdminListResponse>('/api/admin');
}

/** Adds an admin by user name; the answer is the new admin list. */
export function postAdminAdd(name: string) {
  return postJson<AdminListResponse>('/api/admin/add', { admin_name: name });
}

/** Removes an admin by user name (409 for the last admin or a MUSE_ADMINS name). */
export function postAdminRemove(name: string) {
  return postJson<AdminListResponse>('/api/admin/remove', { admin_name: name });
}

/** A page (from 1) of users, ADMIN_PAGE_SIZE at a time. */
export function fetchAdminUsers(page: number) {
  return postJson<AdminUsersResponse>('/api/admin/users', { page });
}

/** A page (from 1) of answers; private answers come without their text. */
export function fetchAdminAnswers(page: number) {
  return postJson<AdminAnswersResponse>('/api/admin/answers', { page });
}

/** A page (from 1) of the audit of admin actions, newest first. */
export function fetchAdminAudit(page: number) {
  return postJson<AdminAuditResponse>('/api/admin/audit', { page });
}

/** Prompts waiting for review, oldest first. */
export function fetchSubmittedPrompts() {
  return postJson<PromptsResponse>('/api/prompts/submitted');
}

export function postApprovePrompt(promptId: string) {
  return postJson<PromptResponse>('/api/prompt/approve', { prompt_id: promptId });
}

export function postRejectPrompt(promptId: string) {
  return postJson<PromptResponse>('/api/prompt/reject', { prompt_id: promptId });
}

/** An admin's own prompt, approved at once. */
export function postAdminPromptCreate(prompt: CreatePromptRequest['prompt']) {
  return postJson<PromptResponse>('/api/admin/prompt/create', { prompt });
}

/** Edits a prompt (an admin may edit any); the answer is the stored prompt. */
export function postPromptSave(prompt: CreatePromptRequest['prompt']) {
  return postJson<PromptResponse>('/api/prompt/save', { prompt });
}

export function postPromptDelete(promptId: string) {
  return postJson<Ok>('/api/prompt/delete', { prompt_id: promptId });
}

/** Takes a shared answer out of the world; it stays its author's, private (decision 012). */
export function postRemoveFromWorld(answerId: string) {
  return postJson<Ok>('/api/admin/answer/unshare', { answer_id: answerId });
}

/** SPEC §7 `GET /api/answer/reported`: shared answers someone flagged, with their report counts. */
export async function fetchReportedAnswers(): Promise<ReportedAnswersResponse> {
  let response: Response;
  try {
    response = await fetch('/api/answer/reported', { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new ApiError(response.status, data.error ?? response.statusText);
  return data as ReportedAnswersResponse;
}
