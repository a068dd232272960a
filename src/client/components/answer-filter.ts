import { dayKey } from '#shared/domain/calendar-day.ts';
import { matchesSearch, type SearchQuery } from '#shared/domain/search.ts';
import { localDayOf } from '#shared/domain/statistics.ts';

/** What the search box of My answers looks at. */
export type SearchableAnswer = {
  answered: string;
  prompt_title: string;
  text: string;
  categories?: readonly string[];
  tags?: readonly string[];
};

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
 * The answers matching `query`, newest first (issue 17 C): every word of the query must be a
 * whole word — in any of its simple English forms — of the answer's text, prompt title,
 * categories or tags (case and accents ignored); the date range, category and tag narrow it
 * down. An empty
 * query matches everything the filters let through.
 */
export function filterAnswers<A extends SearchableAnswer>(
  answers: readonly A[],
  query: string,
  filters: Omit<SearchQuery, 'text'> = { from: '', to: '', category: '' },
): A[] {
  const search = { ...filters, text: query };
  const matching = answers.filter((answer) =>
    matchesSearch(
      {
        text: answer.text,
        title: answer.prompt_title,
        categories: answer.categories ?? [],
        tags: answer.tags ?? [],
        day: dayKey(localDayOf(answer.answered)),
      },
      search,
    ),
  );
  return matching.sort((a, b) => time(b) - time(a));
}
