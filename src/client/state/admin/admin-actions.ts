import {
  fetchAdminAnswers,
  fetchAdminAudit,
  fetchAdminUsers,
  fetchReportedAnswers,
  fetchSubmittedPrompts,
  postAdminAdd,
  postAdminPromptCreate,
  postAdminRemove,
  postApprovePrompt,
  postClearReports,
  postPromptDelete,
  postPromptSave,
  postRejectPrompt,
  postRemoveFromWorld,
} from '#client/api/admin.ts';
import { isUnauthorized } from '#client/api/call.ts';
import type { AdminAuditEntry } from '#shared/api/admin.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { enqueue } from '../answers/writes.ts';
import { newId } from '../ids.ts';
import { reportSessionLost } from '../session-lost.ts';
import type { AdminData } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { removeFromFeeds } from '../world/world-actions.ts';
import {
  adminErrorMessage,
  withPromptApproved,
  withPromptDeleted,
  withPromptEdited,
  withPromptRejected,
} from './admin-rules.ts';

// What the admin screens do (SPEC §6 Admin). Unlike a user's own writes these never fall back
// offline (SPEC §8 lists no offline variant for them): the screen waits for the server and each
// call returns null on success or the message to show. They still go through the write queue,
// so that an edit reaches the server after the create before it.

export type AdminResult = Promise<string | null>;

async function attempt(call: () => Promise<void>): AdminResult {
  try {
    await call();
    return null;
  } catch (error) {
    if (isUnauthorized(error)) reportSessionLost();
    return adminErrorMessage(error);
  }
}

function setAdminData(patch: Partial<AdminData>): void {
  setState((s) => ({ adminData: { ...s.adminData, ...patch } }));
}

export function loadAdminUsers(page: number): AdminResult {
  return attempt(async () => {
    const { users } = await fetchAdminUsers(page);
    setAdminData({ users, usersPage: page });
  });
}

/** The audit is only ever on the admin screen: it lives there, not in the store. */
export function loadAdminAudit(
  page: number,
  show: (entries: AdminAuditEntry[], page: number) => void,
): AdminResult {
  return attempt(async () => {
    const { entries } = await fetchAdminAudit(page);
    show(entries, page);
  });
}

export function loadAdminAnswers(page: number): AdminResult {
  return attempt(async () => {
    const { answers } = await fetchAdminAnswers(page);
    setAdminData({ answers, answersPage: page });
  });
}

export function loadSubmittedPrompts(): AdminResult {
  return attempt(async () => {
    const { prompts } = await fetchSubmittedPrompts();
    setAdminData({ prompts });
  });
}

export function loadReportedAnswers(): AdminResult {
  return attempt(async () => {
    const { reportedAnswers } = await fetchReportedAnswers();
    setAdminData({ reportedAnswers });
  });
}

/** Takes a reported answer out of the world: off the reported list and every feed here. */
export function removeReportedAnswer(answerId: string): AdminResult {
  return attempt(async () => {
    await enqueue(() => postRemoveFromWorld(answerId));
    setAdminData({
      reportedAnswers:
        getState().adminData.reportedAnswers?.filter((a) => a._id !== answerId) ?? null,
    });
    removeFromFeeds(answerId);
  });
}

export function clearReportedAnswer(answerId: string): AdminResult {
  return attempt(async () => {
    await enqueue(() => postClearReports(answerId));
    setAdminData({
      reportedAnswers:
        getState().adminData.reportedAnswers?.filter((a) => a._id !== answerId) ?? null,
    });
  });
}

export function addAdmin(name: string): AdminResult {
  return attempt(async () => {
    const { admin } = await enqueue(() => postAdminAdd(name.trim()));
    setState({ admin });
  });
}

export function removeAdmin(name: string): AdminResult {
  return attempt(async () => {
    const { admin } = await enqueue(() => postAdminRemove(name));
    setState({ admin });
  });
}

export function approvePrompt(promptId: string): AdminResult {
  return attempt(async () => {
    const { prompt } = await enqueue(() => postApprovePrompt(promptId));
    setState((s) => withPromptApproved(s, prompt));
  });
}

export function rejectPrompt(promptId: string): AdminResult {
  return attempt(async () => {
    const { prompt } = await enqueue(() => postRejectPrompt(promptId));
    setState((s) => withPromptRejected(s, prompt));
  });
}

export type PromptFields = { title: string; categories: string[] };

/** An admin's own prompt, approved at once (SPEC §4 "An admin can also create a prompt"). */
export function createAdminPrompt(fields: PromptFields): AdminResult {
  return attempt(async () => {
    const { user } = getState();
    const { prompt } = await enqueue(() =>
      postAdminPromptCreate({
        _id: newId(),
        title: fields.title.trim(),
        categories: fields.categories,
        // SPEC §9 default type ('paragraph'; not imported: the schemas would bundle zod).
        type: 'paragraph',
        user_id: user._id,
      }),
    );
    setState((s) => withPromptApproved(s, prompt));
  });
}

export function savePromptEdit(prompt: PromptView, fields: PromptFields): AdminResult {
  return attempt(async () => {
    const { prompt: saved } = await enqueue(() =>
      postPromptSave({
        _id: prompt._id,
        title: fields.title.trim(),
        categories: fields.categories,
        type: prompt.type,
        user_id: prompt.user_id,
      }),
    );
    setState((s) => withPromptEdited(s, saved));
  });
}

export function deletePrompt(promptId: string): AdminResult {
  return attempt(async () => {
    await enqueue(() => postPromptDelete(promptId));
    setState((s) => withPromptDeleted(s, promptId));
  });
}
