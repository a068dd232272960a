import { parseStringList } from '#server/db/json-list.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { PromptRow } from './prompts.repo.ts';

/** The author is shown by id and current name only: nothing else about them leaves. */
export function presentPrompt(row: PromptRow): PromptView {
  return {
    _id: row.id,
    user_id: row.user_id,
    user_name: row.user_name ?? '',
    created: row.created,
    title: row.title,
    type: row.type,
    categories: parseStringList(row.categories),
    status: row.status,
  };
}

export function presentPrompts(rows: readonly PromptRow[]): PromptView[] {
  return rows.map(presentPrompt);
}

/**
 * A prompt in a list anyone may load (the approved library): no author, unless the viewer is
 * its author or an admin. An anonymous answer names its prompt, so a public author would point
 * at the person who most likely wrote the answer (issue 13).
 */
export function presentPromptsFor(
  rows: readonly PromptRow[],
  viewer: { id: string; isAdmin: boolean } | null,
): PromptView[] {
  return rows.map((row) => {
    const view = presentPrompt(row);
    if (viewer?.isAdmin || (viewer !== null && row.user_id === viewer.id)) return view;
    return { ...view, user_id: null, user_name: '' };
  });
}
