import type { AppDeps } from '#server/deps.ts';
import { listCategoryNames } from './categories.repo.ts';

/** The categories prompts may carry, in their fixed order (seeded from DEFAULT_CATEGORIES). */
export function listCategories(deps: Pick<AppDeps, 'db'>): Promise<string[]> {
  return listCategoryNames(deps.db);
}
