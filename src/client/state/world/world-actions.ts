import { ApiError, isUnauthorized } from '#client/api/call.ts';
import {
  fetchOtherUser,
  postLove,
  postReport,
  postShareAnswer,
  postUnshareAnswer,
} from '#client/api/world.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import { isTooFast } from '../answers/write-pressure.ts';
import { enqueue, uploadAnswer } from '../answers/writes.ts';
import { reportSessionLost } from '../session-lost.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { showStatus } from '../store/status.ts';

// The world's calls (SPEC §4 Sharing, Like, Report): share and unshare one's own answers, love
// and flag other people's. They go through the write path's queue so that a share reaches the
// server after the save of the answer it shares. They are not offline writes (SPEC §8: "Share,
// like, report failures: not handled" — here that means: undone on the screen, a short red
// status, nothing queued for later).

/** SPEC §8 gives no wording for these failures; this one says what happened and what to do. */
export const WORLD_CALL_FAILED = "Sorry, that didn't reach Müse. Please try again.";

/** A love or flag refused by the server's limits (429): said calmly, not as a failure. */
export const WORLD_TOO_FAST = "You're going faster than we can keep up — try again in a moment";

let lastError: unknown = null;

onReset(() => {
  lastError = null;
});

async function call<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await enqueue(request);
  } catch (error) {
    lastError = error;
    if (isUnauthorized(error)) reportSessionLost();
    return null;
  }
}

function showCallFailed(): void {
  if (isTooFast(lastError)) showStatus(WORLD_TOO_FAST);
  else showStatus(WORLD_CALL_FAILED, true);
}

function replaceIn(list: readonly FeedAnswer[], answer: FeedAnswer): FeedAnswer[] | null {
  if (!list.some((a) => a._id === answer._id)) return null;
  return list.map((a) => (a._id === answer._id ? answer : a));
}

/** A feed item changes everywhere it is shown: the world feed and the profile on screen. */
export function replaceFeedAnswer(answer: FeedAnswer): void {
  setState((s) => {
    const feed = replaceIn(s.world.sharedAnswers, answer);
    const profile = s.otherUser ? replaceIn(s.otherUser.sharedAnswers, answer) : null;
    const filtered = s.promptWorld ? replaceIn(s.promptWorld.sharedAnswers, answer) : null;
    return {
      world: feed ? { ...s.world, sharedAnswers: feed } : s.world,
      otherUser: s.otherUser && profile ? { ...s.otherUser, sharedAnswers: profile } : s.otherUser,
      promptWorld:
        s.promptWorld && filtered ? { ...s.promptWorld, sharedAnswers: filtered } : s.promptWorld,
    };
  });
}

/** An answer that left the world leaves every list of it on this device. */
export function removeFromFeeds(answerId: string): void {
  setState((s) => ({
    world: {
      ...s.world,
      sharedAnswers: s.world.sharedAnswers.filter((a) => a._id !== answerId),
    },
    otherUser: s.otherUser
      ? {
          ...s.otherUser,
          sharedAnswers: s.otherUser.sharedAnswers.filter((a) => a._id !== answerId),
        }
      : null,
    promptWorld: s.promptWorld
      ? {
          ...s.promptWorld,
          sharedAnswers: s.promptWorld.sharedAnswers.filter((a) => a._id !== answerId),
        }
      : null,
  }));
}

/** The server decides the sharing fields; the text stays the local one (it may be newer). */
export function takeSharing(server: Answer): void {
  const take = (a: Answer): Answer =>
    a._id === server._id
      ? {
          ...a,
          shared: server.shared,
          sharedOn: server.sharedOn,
          anonymous: server.anonymous,
          likes: server.likes,
          likers: server.likers,
          profilePicture: server.profilePicture,
          sharedText: server.sharedText ?? null,
        }
      : a;
  setState((s) => ({ answers: s.answers.map(take), answer: s.answer ? take(s.answer) : null }));
}

/**
 * SPEC §4 share: shared = true, sharedOn = now, anonymous as chosen, the author's love. The
 * answer must already be saved locally; one whose save has not reached the server yet is sent
 * again first (the server can only share what it has). True when the server shared it.
 */
export async function shareAnswer(
  answerId: string,
  anonymous: boolean,
  photos = false,
): Promise<boolean> {
  const { user, answers, offline } = getState();
  const local = answers.find((a) => a._id === answerId);
  if (!local || !user.name) return false;
  if (offline.answered.some((a) => a._id === answerId)) await uploadAnswer(local);
  // An encrypted entry is shared with its words, by the person's choice: the world's copy
  // (a plain entry's are the server's own; it ignores these).
  const text = user.encryption ? local.text : undefined;
  const response = await call(() =>
    postShareAnswer(answerId, anonymous, user._id, { photos, text }),
  );
  if (!response) return false;
  takeSharing(response.answer);
  return true;
}

/** SPEC §4 unshare: shared = false, sharedOn cleared, the author's love taken back. */
export async function unshareAnswer(answerId: string): Promise<boolean> {
  const response = await call(() => postUnshareAnswer(answerId));
  if (!response) return false;
  takeSharing(response.answer);
  removeFromFeeds(answerId);
  return true;
}

/**
 * SPEC §4 Like: shown at once (likes ± 1, the viewer in or out of likers), then the server's
 * count replaces it; on failure the item goes back to how it was.
 */
export async function setLove(item: FeedAnswer, love: boolean): Promise<void> {
  const { user } = getState();
  replaceFeedAnswer({
    ...item,
    likes: Math.max(0, item.likes + (love ? 1 : -1)),
    likers: love ? [user._id] : [],
  });
  const response = await call(() => postLove(item._id, user._id, love));
  if (response) {
    replaceFeedAnswer(response.answer);
  } else {
    replaceFeedAnswer(item);
    showCallFailed();
  }
}

/** SPEC §4 Report: the viewer's flag, shown at once, undone if the server says no. */
export async function setReport(item: FeedAnswer, report: boolean): Promise<void> {
  replaceFeedAnswer({ ...item, reported: report });
  const response = await call(() => postReport(item._id, report));
  if (response) {
    replaceFeedAnswer(response.answer);
  } else {
    replaceFeedAnswer(item);
    showCallFailed();
  }
}

export type ProfileLoad = 'ready' | 'not-found' | 'failed';

/** SPEC §3 otherUser: /api/user/other, 404 (or a malformed id) meaning no such named user. */
export async function loadOtherUser(userId: string, signal?: AbortSignal): Promise<ProfileLoad> {
  try {
    const { user } = await fetchOtherUser(userId, { signal });
    if (signal?.aborted) return 'failed';
    setState({ otherUser: user });
    return 'ready';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return 'not-found';
    }
    return 'failed';
  }
}
