import type { AnswerRowWithAuthor } from '#server/db/answer-queries.ts';
import { answersVersion, type Database } from '#server/db/database.ts';
import { WORLD_PAGE_SIZE } from '#shared/api/world.ts';
import {
  type FeedAnchor,
  findFeedAnchor,
  listSharedForPrompt,
  listSharedPageAfter,
  listSharedPageFrom,
} from './world.repo.ts';

// The feed's pages by number (the SPEC's API) without OFFSET over joined rows: page N starts
// after the anchor (shared_on, id) of entry (N-1)·10-1, which is found on the feed index alone
// and remembered; the page itself is a keyset seek. Where the database gives a cheap change
// signal (SQLite: answersVersion), pages and anchors are cached until the feed's tables change
// (decision 018). Viewer-specific marks are never cached.

const MAX_PAGES = 256;
const MAX_ANCHORS = 20_000;

type FeedCache = {
  version: string;
  pages: Map<number, AnswerRowWithAuthor[]>;
  anchors: Map<number, FeedAnchor | null>;
  /** The world filtered to one prompt (decision 023), by `${promptId} ${page}`. */
  promptPages: Map<string, AnswerRowWithAuthor[]>;
};
const caches = new WeakMap<Database, FeedCache>();

function cacheFor(db: Database): FeedCache | null {
  const version = answersVersion(db);
  if (version === null) return null;
  let cache = caches.get(db);
  if (!cache || cache.version !== version) {
    cache = { version, pages: new Map(), anchors: new Map(), promptPages: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (map.size >= max) map.clear();
  map.set(key, value);
}

/** The anchor page `page` starts after (null for page 1, undefined when past the end). */
async function anchorBefore(
  db: Database,
  cache: FeedCache,
  page: number,
): Promise<FeedAnchor | null | undefined> {
  if (page === 1) return null;
  const known = cache.anchors.get(page);
  if (known !== undefined) return known;
  // The previous page's last entry, when that page is cached, saves the index walk.
  const previous = cache.pages.get(page - 1);
  const last = previous?.[previous.length - 1];
  let anchor: FeedAnchor | undefined;
  if (previous && previous.length === WORLD_PAGE_SIZE && last?.shared_on) {
    anchor = { shared_on: last.shared_on, id: last.id };
  } else {
    // Walk the index from the nearest known anchor below this page, not from the top.
    let from = 1;
    for (const [known, value] of cache.anchors) {
      if (known < page && known > from && value) from = known;
    }
    const start = from === 1 ? null : (cache.anchors.get(from) ?? null);
    anchor = await findFeedAnchor(db, (page - from) * WORLD_PAGE_SIZE - 1, start);
  }
  if (anchor === undefined) return undefined;
  remember(cache.anchors, page, anchor, MAX_ANCHORS);
  return anchor;
}

/** One page of the feed (WORLD_PAGE_SIZE entries, fewer at the end), rows shared by all readers. */
export async function feedPage(db: Database, page: number): Promise<AnswerRowWithAuthor[]> {
  const cache = cacheFor(db);
  if (!cache) {
    return page === 1
      ? listSharedPageAfter(db, null, WORLD_PAGE_SIZE)
      : listSharedPageFrom(db, (page - 1) * WORLD_PAGE_SIZE, WORLD_PAGE_SIZE);
  }
  const cached = cache.pages.get(page);
  if (cached) return cached;
  const anchor = await anchorBefore(db, cache, page);
  const rows = anchor === undefined ? [] : await listSharedPageAfter(db, anchor, WORLD_PAGE_SIZE);
  // Only while nothing changed during the reads: a page is never cached under a newer version.
  if (cacheFor(db) === cache) remember(cache.pages, page, rows, MAX_PAGES);
  return rows;
}

/**
 * One page of the world filtered to one prompt (decision 023): rows shared by all readers who
 * may see it, cached like the feed's pages under the same change signal.
 */
export async function promptFeedPage(
  db: Database,
  promptId: string,
  page: number,
): Promise<AnswerRowWithAuthor[]> {
  const read = () =>
    listSharedForPrompt(db, promptId, (page - 1) * WORLD_PAGE_SIZE, WORLD_PAGE_SIZE);
  const cache = cacheFor(db);
  if (!cache) return read();
  const key = `${promptId} ${page}`;
  const cached = cache.promptPages.get(key);
  if (cached) return cached;
  const rows = await read();
  if (cacheFor(db) === cache) remember(cache.promptPages, key, rows, MAX_PAGES);
  return rows;
}
