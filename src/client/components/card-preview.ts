/** More than a card ever shows (a few lines), so a clipped card is clipped by its height. */
export const CARD_PREVIEW_CHARS = 1200;

/**
 * The start of an answer for its card in My answers: a card shows a few lines, so a long
 * entry (thousands of words) is not parsed and rendered whole for every card, at every key
 * typed in the search. Cut at a line break, else a space, within the limit.
 */
export function cardPreview(text: string, limit = CARD_PREVIEW_CHARS): string {
  if (text.length <= limit) return text;
  const head = text.slice(0, limit);
  const line = head.lastIndexOf('\n');
  if (line > limit / 2) return head.slice(0, line);
  const space = head.lastIndexOf(' ');
  return space > limit / 2 ? head.slice(0, space) : head;
}
