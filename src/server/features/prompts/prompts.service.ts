import { parseStringList } from '#server/db/json-list.ts';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/plugins/errors.ts';
import { DEFAULT_PROMPT_TYPE, type PromptInput, type PromptView } from '#shared/api/prompts.ts';
import { newPromptError } from '#shared/domain/validation-messages.ts';
import { listCategoryNames } from './categories.repo.ts';
import { presentPrompt, presentPrompts, presentPromptsFor } from './prompts.present.ts';
import {
  deletePrompt,
  findPrompt,
  insertPromptIfAbsent,
  listPromptsByStatus,
  listPromptsOfUser,
  type PromptChanges,
  type PromptRow,
  type PromptStatus,
  updatePrompt,
} from './prompts.repo.ts';

/** Only what these rules need, so other callers (offline sync, tests) pass just that. */
type Deps = Pick<AppDeps, 'db'>;

export type PromptAuthor = { id: string };
export type PromptEditor = { id: string; isAdmin: boolean };

type PromptFields = { title: string; type: string; categories: string[] };

/** SPEC §5 checks plus: every category must be one the server knows. 400 otherwise. */
async function validPromptFields(deps: Deps, input: PromptInput): Promise<PromptFields> {
  const title = input.title.trim();
  const categories = [...new Set(input.categories.map((name) => name.trim()))];
  const message = newPromptError({ title, categories });
  if (message) throw badRequest(message);
  const known = new Set(await listCategoryNames(deps.db));
  const unknown = categories.find((name) => !known.has(name));
  if (unknown !== undefined) throw badRequest(`There is no category '${unknown.slice(0, 40)}'`);
  const type = input.type?.trim() || DEFAULT_PROMPT_TYPE;
  return { title, type, categories };
}

async function createPrompt(
  deps: Deps,
  author: PromptAuthor,
  input: PromptInput,
  status: PromptStatus,
): Promise<PromptRow> {
  const existing = await findPrompt(deps.db, input._id);
  if (existing) return ownOrConflict(existing, author);
  const fields = await validPromptFields(deps, input);
  await insertPromptIfAbsent(deps.db, {
    id: input._id,
    user_id: author.id,
    created: new Date().toISOString(),
    title: fields.title,
    type: fields.type,
    categories: JSON.stringify(fields.categories),
    status,
  });
  // Read back what stands: a concurrent create of the same id may have won the insert.
  const stored = await findPrompt(deps.db, input._id);
  if (!stored) throw conflict('That prompt was deleted while it was being created');
  return ownOrConflict(stored, author);
}

/** An id that exists is the caller's earlier create (a retry: unchanged) or someone else's. */
function ownOrConflict(row: PromptRow, author: PromptAuthor): PromptRow {
  if (row.user_id !== author.id) throw conflict('That prompt id is already taken');
  return row;
}

/**
 * A user's prompt, status `submitted`, author `user`, created now (SPEC §4). Idempotent by `_id`:
 * if the user already created a prompt with that id it is returned unchanged, so a retried or
 * offline-replayed create never duplicates or overwrites; someone else's id is a 409.
 * `input.user_id` is ignored here: callers check it against the session (assertSelf).
 */
export async function createPromptForUser(
  deps: Deps,
  user: PromptAuthor,
  input: PromptInput,
): Promise<PromptView> {
  return presentPrompt(await createPrompt(deps, user, input, 'submitted'));
}

/** An admin's prompt is approved at once (SPEC §4 'An admin can also create a prompt directly'). */
export async function createApprovedPrompt(
  deps: Deps,
  admin: PromptAuthor,
  input: PromptInput,
): Promise<PromptView> {
  return presentPrompt(await createPrompt(deps, admin, input, 'approved'));
}

async function promptForEditor(
  deps: Deps,
  editor: PromptEditor,
  promptId: string,
): Promise<PromptRow> {
  const row = await findPrompt(deps.db, promptId);
  if (!row) throw notFound('There is no such prompt');
  if (!editor.isAdmin && row.user_id !== editor.id) {
    throw forbidden('Only its author or an admin may change this prompt');
  }
  return row;
}

/**
 * Edits title, categories and type (author or admin; the author never changes). An admin's edit
 * keeps the status. A non-admin author's edit of an approved or rejected prompt sends it back to
 * `submitted`: edits must be re-reviewed before they reach everyone (and a rejected prompt can
 * be improved and resubmitted). A save that changes nothing changes no status either.
 */
export async function savePrompt(
  deps: Deps,
  editor: PromptEditor,
  input: PromptInput,
): Promise<PromptView> {
  const row = await promptForEditor(deps, editor, input._id);
  const fields = await validPromptFields(deps, input);
  const changes: PromptChanges = {};
  if (fields.title !== row.title) changes.title = fields.title;
  if (fields.type !== row.type) changes.type = fields.type;
  const categories = JSON.stringify(fields.categories);
  if (categories !== JSON.stringify(parseStringList(row.categories))) {
    changes.categories = categories;
  }
  const edited = Object.keys(changes).length > 0;
  if (edited && !editor.isAdmin && row.status !== 'submitted') changes.status = 'submitted';
  await updatePrompt(deps.db, row.id, changes);
  return presentPrompt((await findPrompt(deps.db, row.id)) ?? { ...row, ...changes });
}

/**
 * Author or admin. A day whose prompt this was keeps its row; see daily-prompt.service.ts.
 * Returns the prompt as it was, so the caller can tell whose it was.
 */
export async function deletePromptAs(
  deps: Deps,
  editor: PromptEditor,
  promptId: string,
): Promise<PromptView> {
  const row = await promptForEditor(deps, editor, promptId);
  await deletePrompt(deps.db, row.id);
  return presentPrompt(row);
}

/** Admins approve or reject (checked by the route); any status may move to either. */
export async function setPromptStatus(
  deps: Deps,
  promptId: string,
  status: 'approved' | 'rejected',
): Promise<PromptView> {
  const row = await findPrompt(deps.db, promptId);
  if (!row) throw notFound('There is no such prompt');
  if (row.status !== status) await updatePrompt(deps.db, promptId, { status });
  return presentPrompt({ ...row, status });
}

/**
 * The approved library, loaded at start by everyone (visitors included): authors are shown only
 * to themselves and admins (prompts.present.ts).
 */
export async function listApprovedPrompts(
  deps: Deps,
  viewer: { id: string; isAdmin: boolean } | null,
): Promise<PromptView[]> {
  return presentPromptsFor(await listPromptsByStatus(deps.db, 'approved', 'newest'), viewer);
}

/** The review queue, oldest first so nothing waits forever. */
export async function listSubmittedPrompts(deps: Deps): Promise<PromptView[]> {
  return presentPrompts(await listPromptsByStatus(deps.db, 'submitted', 'oldest'));
}

export async function listOwnPrompts(deps: Deps, userId: string): Promise<PromptView[]> {
  return presentPrompts(await listPromptsOfUser(deps.db, userId));
}
