import type { PromptView } from '../../../shared/api/prompts.ts';
import { parseStringList } from '../../db/json-list.ts';
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
