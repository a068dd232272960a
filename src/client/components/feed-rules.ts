import type { FeedAnswer } from '#shared/api/world.ts';

// Who may do what with a shared answer (SPEC §4 Like and Report, §5, §6), as pure decisions.

/**
 * - 'author': the viewer wrote it (a named answer carries their id; an anonymous one carries no
 *   author, so their own answers list tells) — no love button, no flag;
 * - 'member': a named user who is not the author — love and flag;
 * - 'visitor': no name yet — love asks them to sign up first, no flag.
 */
export type FeedViewer = 'author' | 'member' | 'visitor';

export function feedViewer(
  item: Pick<FeedAnswer, '_id' | 'user_id'>,
  user: { _id: string; name: string },
  ownAnswerIds: ReadonlySet<string>,
): FeedViewer {
  if (ownAnswerIds.has(item._id) || (user._id !== '' && item.user_id === user._id)) {
    return 'author';
  }
  return user.name.trim() ? 'member' : 'visitor';
}

/** `likers` holds at most the viewer's own id (decision 007). */
export function isLovedBy(item: Pick<FeedAnswer, 'likers'>, userId: string): boolean {
  return userId !== '' && item.likers.includes(userId);
}

/** Anonymous answers never show a name, even if one were sent by mistake. */
export function authorName(item: Pick<FeedAnswer, 'anonymous' | 'user_name'>): string {
  if (item.anonymous) return 'Anonymous';
  return item.user_name.trim() || 'Anonymous';
}

/** The author's profile can be opened only for a named answer. */
export function authorId(item: Pick<FeedAnswer, 'anonymous' | 'user_id'>): string | null {
  return item.anonymous ? null : item.user_id;
}

export function lovesLabel(count: number): string {
  return count === 1 ? '1 love' : `${count} loves`;
}
