/**
 * SPEC §9 word score: "number of space-separated words divided by 3, rounded".
 * A word is any non-empty run of non-whitespace characters, so repeated spaces, tabs and line
 * breaks separate words too and blank text scores 0.
 */
export function countWords(text: string): number {
  return text.split(/\s+/u).filter((token) => token !== '').length;
}

export function wordScore(text: string): number {
  return Math.round(countWords(text) / 3);
}

/**
 * What saving `nextText` adds to the user's score: a re-save scores only the difference from
 * the previous text, so it is negative when the answer got shorter. A new answer has no
 * previous text.
 */
export function scoreDelta(previousText: string | null, nextText: string): number {
  return wordScore(nextText) - wordScore(previousText ?? '');
}
