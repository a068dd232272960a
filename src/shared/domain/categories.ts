/** SPEC §3: used until the server's list loads. */
export const DEFAULT_CATEGORIES: readonly string[] = [
  'Gratitude',
  'Growth',
  'Life',
  'Quotes',
  'Self',
  'Today',
  'Work',
];

/** SPEC §3 pseudo-categories: tiles and headers, never stored on a prompt. */
export const PSEUDO_CATEGORIES = {
  all: 'All prompts',
  journal: 'Journal',
  today: "Today's prompt",
  answers: 'Answers',
} as const;

export type PseudoCategory = (typeof PSEUDO_CATEGORIES)[keyof typeof PSEUDO_CATEGORIES];

const PSEUDO_NAMES: ReadonlySet<string> = new Set(Object.values(PSEUDO_CATEGORIES));

export function isPseudoCategory(name: string): name is PseudoCategory {
  return PSEUDO_NAMES.has(name);
}
