// The SQL texts prepared.ts compiled, each with a statement name: database.ts sends them to
// PostgreSQL as named statements, which each connection parses and plans once (decision 030).
// A module of its own so that neither of the two imports the other.

const names = new Map<string, string>();

/** Gives `sql` a name (once; the same text keeps its name). */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `muse_${names.size + 1}`);
}

/** The name `sql` was given, or undefined for SQL that was not prepared. */
export function preparedStatementName(sql: string): string | undefined {
  return names.get(sql);
}
