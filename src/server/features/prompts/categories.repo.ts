import type { Database } from '#server/db/database.ts';

export async function listCategoryNames(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('categories').select('name').orderBy('position').execute();
  return rows.map((row) => row.name);
}
