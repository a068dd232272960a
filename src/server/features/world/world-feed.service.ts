import type { AnswerRowWithAuthor } from '#server/db/answer-queries.ts';
import type { Database } from '#server/db/database.ts';
import { checkedJson } from '#server/plugins/typed-routes.ts';
import { feedAnswerSchema, WORLD_PAGE_SIZE } from '#shared/api/world.ts';
import { presentFeedAnswer } from './world.present.ts';
import {
  type FeedAnchor,
  findFeedAnchor,
  listSharedForPrompt,
  listSharedPageAfter,
  readFeedVersion,
} from './world.repo.ts';

// The feed's pages by number (the SPEC's API) without OFFSET over joined rows: page N starts
// after the anchor (shared_on, id) of entry (N-1)·10-1, which is found on the feed index alone
// and remembered; the page itself is a keyset seek. Pages, already serialised as a stranger sees
// them, and anchors are kept under the feed's change counter (migration 012), read on every
// request, on both databases: whatever any instance committed before that read is in the page
// served (decisions 018 and 030). Viewer-specific marks are never cached. What the feed holds
// also depends on the hour (an anonymous share joins the world on the hour after it was shared,
// decision 057), so a cache belongs to one hour too: rows are read for the cache's hour, and a
// reader in another hour gets another cache.

const MAX_PAGES = 256;
const MAX_ANCHORS = 20_000;

/** A page of the feed as every reader shares it. */
export type FeedPage = {
  rows: AnswerRowWithAuthor[];
  /** Each answer as a stranger sees it, as JSON. */
  items: string[];
  /** The whole response a visitor gets: `{"sharedAnswers":[…]}`. */
  body: string;
};

type FeedCache = {
  /** The change counter the cache's rows were all read after. */
  counter: number;
  /** The start of the hour its rows were read for (what anonymous shares they hold). */
  hour: string;
  pages: Map<number, FeedPage>;
  anchors: Map<number, FeedAnchor | null>;
  /** The world filtered to one prompt (decision 023), by `${promptId} ${page}`. */
  promptPages: Map<string, AnswerRowWithAuthor[]>;
};
const caches = new WeakMap<Database, FeedCache>();

/**
 * Whether `cache` may serve a reader who saw `counter` in `hour`: its rows were read after that
 * value or a later one, so they are at least as new (only committed rows are ever read, so a
 * counter never goes back), and for that same hour, so they hold the anonymous shares that
 * have joined the world by then and none that have not.
 */
function serves(cache: FeedCache, counter: number, hour: string): boolean {
  return cache.counter >= counter && cache.hour === hour;
}

/**
 * The cache for the feed as it is now: as of the counter read now, or a reading the caller
 * made (before any rows it will put in), in `hour`.
 */
async function currentCache(db: Database, hour: string, counter?: number): Promise<FeedCache> {
  const seen = counter ?? (await readFeedVersion(db));
  let cache = caches.get(db);
  if (!cache || !serves(cache, seen, hour)) {
    cache = {
      counter: seen,
      hour,
      pages: new Map(),
      anchors: new Map(),
      promptPages: new Map(),
    };
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
  const previous = cache.pages.get(page - 1)?.rows;
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
    anchor = await findFeedAnchor(db, (page - from) * WORLD_PAGE_SIZE - 1, start, cache.hour);
  }
  if (anchor === undefined) return undefined;
  remember(cache.anchors, page, anchor, MAX_ANCHORS);
  return anchor;
}

function serialise(rows: AnswerRowWithAuthor[]): FeedPage {
  const items = rows.map((row) =>
    checkedJson(
      feedAnswerSchema,
      presentFeedAnswer({ ...row, viewer_loves: 0, viewer_reported: 0 }, null),
      'an answer of the cached world feed',
    ),
  );
  return { rows, items, body: `{"sharedAnswers":[${items.join(',')}]}` };
}

/**
 * The page as last cached, whatever the counter is now, and the counter it was cached under:
 * a guess to check (readFeedVersionAndMarks) before it is served.
 */
export function lastCachedPage(
  db: Database,
  page: number,
): { page: FeedPage; isCurrent: (counter: number, hour: string) => boolean } | null {
  const cache = caches.get(db);
  const found = cache?.pages.get(page);
  if (!cache || !found) return null;
  return { page: found, isCurrent: (counter, hour) => serves(cache, counter, hour) };
}

/**
 * One page of the feed (WORLD_PAGE_SIZE entries, fewer at the end), shared by all readers, as of
 * the change counter now (or as of `counter`, read by the caller just before) in `hour`, the
 * start of the current hour.
 */
export async function feedPage(
  db: Database,
  page: number,
  counter: number | null,
  hour: string,
): Promise<FeedPage> {
  const cache = await currentCache(db, hour, counter ?? undefined);
  const cached = cache.pages.get(page);
  if (cached) return cached;
  const anchor = await anchorBefore(db, cache, page);
  const rows =
    anchor === undefined ? [] : await listSharedPageAfter(db, anchor, WORLD_PAGE_SIZE, cache.hour);
  // Read after the counter, so never older than the cache it goes into.
  const built = serialise(rows);
  remember(cache.pages, page, built, MAX_PAGES);
  return built;
}

/**
 * One page of the world filtered to one prompt (decision 023): rows shared by all readers who
 * may see it, cached like the feed's pages under the same change counter.
 */
export async function promptFeedPage(
  db: Database,
  promptId: string,
  page: number,
  hour: string,
): Promise<AnswerRowWithAuthor[]> {
  const cache = await currentCache(db, hour);
  const key = `${promptId} ${page}`;
  const cached = cache.promptPages.get(key);
  if (cached) return cached;
  const rows = await listSharedForPrompt(
    db,
    promptId,
    (page - 1) * WORLD_PAGE_SIZE,
    WORLD_PAGE_SIZE,
    cache.hour,
  );
  remember(cache.promptPages, key, rows, MAX_PAGES);
  return rows;
}
