/**
 * Lists are stored as JSON text (decision 003). Reading one never fails: a damaged value reads
 * as an empty list rather than a 500.
 */
export function parseStringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}
