// Tags on an entry (issue 35 point 3): free-form words a person files entries under. Private,
// like the entry: never in the world's copy of a shared answer. Kept as written (case and all),
// one of each regardless of case, in the order given.

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** One tag as kept: inner runs of spaces folded, ends trimmed, a leading # dropped. */
export function cleanTag(tag: string): string {
  return tag.replace(/\s+/g, ' ').trim().replace(/^#+/, '').trim();
}

/**
 * The tags as kept: cleaned, empty ones dropped, repeats (regardless of case) dropped. Throws
 * nothing: over-long or too many are for the caller's validation to refuse.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = cleanTag(raw);
    const key = tag.toLocaleLowerCase('en');
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** Whether `tags` holds `tag`, regardless of case (filters). */
export function hasTag(tags: readonly string[] | undefined, tag: string): boolean {
  const key = cleanTag(tag).toLocaleLowerCase('en');
  return (tags ?? []).some((t) => t.toLocaleLowerCase('en') === key);
}
