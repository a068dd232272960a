// The world's copy of a shared entry's photos (decision 062), kept as JSON on the answer.

/**
 * A public copy; `of` names the private photo it was made from, kept on the server only (so
 * removing that photo takes its copy out of the world too) and never presented.
 */
export type SharedPhoto = { url: string; width: number; height: number; of?: string };

/** The stored list, forgiving: anything that is not a list of such copies reads as none. */
export function parseSharedPhotos(json: string | null | undefined): SharedPhoto[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (p): p is SharedPhoto =>
        typeof p === 'object' &&
        p !== null &&
        typeof p.url === 'string' &&
        typeof p.width === 'number' &&
        typeof p.height === 'number',
    );
  } catch {
    return [];
  }
}
