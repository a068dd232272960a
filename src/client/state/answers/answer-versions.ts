// Which text wins when an answer was saved from one version and the server has another
// (decision 013). Pure, so it is tested without a browser; used when an editor opens over a
// draft kept on this device, when a save is refused with 409, and by the conflict dialog.

/** The server version a local text was written from; `text` is unknown for old records. */
export type BaseVersion = { revision?: number; text?: string };
export type ServerVersion = { revision?: number; text: string };

/**
 * - 'local': only this device changed the text since `base` → its text wins.
 * - 'server': only the server's changed (or both hold the same words) → the server's wins.
 * - 'conflict': both changed → the person chooses; neither side may be dropped.
 */
export type MergeOutcome = 'local' | 'server' | 'conflict';

export function mergeRule(base: BaseVersion, local: string, server: ServerVersion): MergeOutcome {
  if (local === server.text) return 'server';
  // Without the base text, a local text that is kept at all was typed by the person, and only
  // the revision tells whether the server's moved on.
  const localChanged = base.text === undefined || local !== base.text;
  const serverChanged =
    base.text === undefined ? server.revision !== base.revision : server.text !== base.text;
  if (!serverChanged) return localChanged ? 'local' : 'server';
  return localChanged ? 'conflict' : 'server';
}

/**
 * "Keep both": when both sides only added to the text they started from, the other device's
 * text followed by what this device added; otherwise both texts, theirs first, a blank line
 * between.
 */
export function joinBoth(base: string | undefined, mine: string, theirs: string): string {
  if (base && mine.startsWith(base) && theirs.startsWith(base)) {
    return theirs + mine.slice(base.length);
  }
  if (theirs.trim() === '') return mine;
  if (mine.trim() === '') return theirs;
  return `${theirs.trimEnd()}\n\n${mine.trimStart()}`;
}
