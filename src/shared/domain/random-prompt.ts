import { isPseudoCategory } from './categories.ts';

/** The least a prompt needs for picking; approved and own prompts both fit. */
export type PickablePrompt = { _id: string; categories: string[] };

export type PickRandomPromptInput<P extends PickablePrompt> = {
  /** Approved prompts. */
  prompts: readonly P[];
  /** The prompt on screen now, if any. */
  currentId: string | null;
  /** Today's seen list (see seen.ts). */
  seenIds: readonly string[];
  /** Prompt ids of the user's answers. */
  answeredPromptIds: readonly string[];
  /** A category name; null or a pseudo-category such as 'All prompts' means every category. */
  category: string | null;
  /** The user's own prompts, added to the pool whatever their status. */
  ownPrompts: readonly P[];
  /** Returns a number in [0, 1); injectable so tests can choose. */
  random?: () => number;
};

/** SPEC §9: below this many fresh candidates the seen and answered filters are dropped. */
export const MIN_FRESH_CANDIDATES = 10;

/**
 * SPEC §9 random prompt. The pool is approved plus own prompts (first occurrence of an _id
 * wins), narrowed to `category` when one is picked. The current prompt is excluded unless it
 * is all the pool holds; seen and answered prompts are excluded unless that leaves fewer than
 * MIN_FRESH_CANDIDATES, so a small category still offers a choice. Null for an empty pool.
 */
export function pickRandomPrompt<P extends PickablePrompt>(
  input: PickRandomPromptInput<P>,
): P | null {
  const { currentId, category, random = Math.random } = input;
  const pool = promptPool(input.prompts, input.ownPrompts, category);
  if (pool.length === 0) return null;

  const notCurrent = pool.filter((p) => p._id !== currentId);
  if (notCurrent.length === 0) return pool[0] ?? null;

  const used = new Set([...input.seenIds, ...input.answeredPromptIds]);
  const fresh = notCurrent.filter((p) => !used.has(p._id));
  const candidates = fresh.length >= MIN_FRESH_CANDIDATES ? fresh : notCurrent;

  // Clamp so a `random` that returns exactly 1 cannot index past the end.
  const index = Math.min(Math.floor(random() * candidates.length), candidates.length - 1);
  return candidates[Math.max(index, 0)] ?? null;
}

/** Approved plus own prompts, deduplicated by _id, filtered to a real category if given. */
export function promptPool<P extends PickablePrompt>(
  prompts: readonly P[],
  ownPrompts: readonly P[],
  category: string | null,
): P[] {
  const byId = new Map<string, P>();
  for (const p of [...prompts, ...ownPrompts]) {
    if (!byId.has(p._id)) byId.set(p._id, p);
  }
  const all = [...byId.values()];
  if (category === null || isPseudoCategory(category)) return all;
  return all.filter((p) => p.categories.includes(category));
}
