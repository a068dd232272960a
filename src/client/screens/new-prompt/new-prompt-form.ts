import type { PromptView } from '#shared/api/prompts.ts';

/** SPEC §4 "Picking a category toggles its membership in the prompt's categories". */
export function toggleCategory(categories: readonly string[], name: string): string[] {
  return categories.includes(name) ? categories.filter((c) => c !== name) : [...categories, name];
}

/**
 * A new user prompt (SPEC §3 Prompt): status submitted, type paragraph, the categories in the
 * order the categories screen shows them. The server sets its own `created` and `user_name`.
 */
export function buildPrompt(fields: {
  id: string;
  title: string;
  categories: readonly string[];
  order: readonly string[];
  user: { _id: string; name: string };
  now: Date;
}): PromptView {
  const picked = new Set(fields.categories);
  const ordered = fields.order.filter((c) => picked.has(c));
  const rest = fields.categories.filter((c) => !fields.order.includes(c));
  return {
    _id: fields.id,
    user_id: fields.user._id,
    user_name: fields.user.name,
    created: fields.now.toISOString(),
    title: fields.title.trim(),
    // SPEC §9 default type (DEFAULT_PROMPT_TYPE in src/shared/api/prompts.ts, not imported so
    // that the server's zod schemas stay out of the client bundle).
    type: 'paragraph',
    categories: [...ordered, ...rest],
    status: 'submitted',
  };
}
