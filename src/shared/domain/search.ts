// Finding your own words on /past (issue 17 C): whole words, not fragments ("river" does not
// find "bus driver"), with a simple English stemming so "rivers" finds "river" and "loved" finds
// "love"; prompt titles and categories count, and a date range and a category narrow it down.
// Pure: the client runs it over the answers it holds.

import { hasTag } from './tags.ts';

/** Letters and digits, with inner apostrophes ("don't"): one word. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/**
 * A light English stem: lower case without accents ("cafe" meets "Café"), no possessive,
 * plural and -ed/-ing endings and a final silent e removed, so the forms of one word meet ("rivers" → "river", "loved"/"loving"/"love"
 * → "lov") while different words stay apart ("driver" ≠ "river").
 */
export function stem(word: string): string {
  let w = word
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // "stopped" → "stopp" → "stop": a doubled final consonant left by the ending.
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w))
    w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The words of a text with where each starts and ends. */
export function wordsOf(text: string): Array<{ word: string; start: number; end: number }> {
  return [...text.matchAll(WORD)].map((match) => ({
    word: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The distinct stems a query asks for (every one must be found). */
export function queryStems(query: string): string[] {
  return [...new Set(wordsOf(query).map(({ word }) => stem(word)))].filter((s) => s !== '');
}

export type SearchQuery = {
  /** Words to find; empty finds everything the filters let through. */
  text: string;
  /** First and last calendar day, 'YYYY-MM-DD', both included; '' for no bound. */
  from: string;
  to: string;
  /** A category name; '' for any. */
  category: string;
  /** A tag the answer must have (case ignored); '' or absent for any (issue 35 point 3). */
  tag?: string;
};

export type Searchable = {
  text: string;
  title: string;
  categories: readonly string[];
  /** The entry's tags: searched like its words, and what `tag` filters on. */
  tags?: readonly string[];
  /** The calendar day it was written, 'YYYY-MM-DD'. */
  day: string;
};

/**
 * Whether an answer passes the filters and holds every word asked for (text, title, category,
 * tags).
 */
export function matchesSearch(item: Searchable, query: SearchQuery): boolean {
  if (query.from && item.day < query.from) return false;
  if (query.to && item.day > query.to) return false;
  if (query.category) {
    const wanted = query.category.toLowerCase();
    if (!item.categories.some((name) => name.toLowerCase() === wanted)) return false;
  }
  if (query.tag && !hasTag(item.tags, query.tag)) return false;
  const wanted = queryStems(query.text);
  if (wanted.length === 0) return true;
  const found = new Set(
    [item.text, item.title, ...item.categories, ...(item.tags ?? [])].flatMap((text) =>
      wordsOf(text).map(({ word }) => stem(word)),
    ),
  );
  return wanted.every((s) => found.has(s));
}

/** A text cut into plain parts and matched words, for `<mark>`. */
export type Highlighted = Array<{ text: string; match: boolean }>;

export function highlight(text: string, query: string): Highlighted {
  const wanted = new Set(queryStems(query));
  const parts: Highlighted = [];
  let at = 0;
  for (const { word, start, end } of wordsOf(text)) {
    if (!wanted.has(stem(word))) continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: word, match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
