import type { FeedAnswer } from './world.ts';

// GET /api/world/live: a Server-Sent Events stream of changes to the world feed, as a stranger
// sees them (an anonymous share names no one). Event names and their JSON `data`:

export const WORLD_LIVE_PATH = '/api/world/live';

/** `event: answer` — newly shared (or shared again): it belongs at the top of the feed. */
export type LiveAnswerEvent = { answer: FeedAnswer };
/** `event: loves` — the answer's love count changed. */
export type LiveLovesEvent = { _id: string; likes: number };
/**
 * `event: changed` — the author updated the world's copy (decision 015): same place in the
 * feed, new words.
 */
export type LiveChangedEvent = { answer: FeedAnswer };
/** `event: removed` — unshared by its author or taken out by an admin. */
export type LiveRemovedEvent = { _id: string };
/**
 * `event: reset` — the server could not replay what was missed since Last-Event-ID (too long
 * ago, or another instance's history): reload the first page.
 */
export type LiveResetEvent = Record<string, never>;

export type LiveEventName = 'answer' | 'changed' | 'loves' | 'removed' | 'reset';
