/** What the search box of My answers looks at. */
export type SearchableAnswer = { answered: string; prompt_title: string; text: string };

/** Lower case without accents, so 'cafe' finds 'Café' and 'muse' finds 'Müse'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function time(answer: SearchableAnswer): number {
  const ms = Date.parse(answer.answered);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * The answers matching `query`, newest first. Every word of the query must appear in the
 * answer's text or its prompt title (in any order, case and accents ignored); an empty query
 * matches everything.
 */
export function filterAnswers<A extends SearchableAnswer>(
  answers: readonly A[],
  query: string,
): A[] {
  const words = foldForSearch(query).split(/\s+/u).filter(Boolean);
  const matching =
    words.length === 0
      ? [...answers]
      : answers.filter((answer) => {
          const haystack = foldForSearch(`${answer.prompt_title}\n${answer.text}`);
          return words.every((word) => haystack.includes(word));
        });
  return matching.sort((a, b) => time(b) - time(a));
}
