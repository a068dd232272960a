import { api, type CallOptions } from './call.ts';

// Calls for the world feed (SPEC §7; schemas in src/shared/api/world.ts).

export function fetchSharedAnswers(page: number) {
  return api('/api/answer/shared', { page });
}

/** The shares of answers to one prompt; `answerFirst` until the caller has answered it. */
export function fetchPromptAnswers(promptId: string, page: number) {
  return api('/api/answer/shared', { page, prompt_id: promptId });
}

/** Shares one of the caller's own answers (named users only); the answer is the author's copy. */
/** `photos`: share the entry's photos too (decision 062); they are not shared otherwise. */
/** `text`: an encrypted entry's words, which the server cannot read (docs/ENCRYPTION.md). */
export function postShareAnswer(
  answerId: string,
  anonymous: boolean,
  userId: string,
  options: { photos?: boolean; text?: string } = {},
) {
  return api('/api/answer/share', {
    answer_id: answerId,
    anonymous,
    user_id: userId,
    ...(options.photos ? { photos: true } : {}),
    ...(options.text !== undefined ? { text: options.text } : {}),
  });
}

export function postUnshareAnswer(answerId: string) {
  return api('/api/answer/unshare', { answer_id: answerId });
}

/** Love (or take it back from) someone else's shared answer; the answer is the feed item. */
export function postLove(answerId: string, userId: string, love: boolean) {
  const body = { answer_id: answerId, user_id: userId };
  return love ? api('/api/answer/like', body) : api('/api/answer/unlike', body);
}

/** Flag (or unflag) someone else's shared answer for review. */
export function postReport(answerId: string, report: boolean) {
  const body = { answer_id: answerId };
  return report ? api('/api/answer/report', body) : api('/api/answer/unreport', body);
}

/** A named user's public profile: 404 for unknown and anonymous users. */
export function fetchOtherUser(userId: string, options?: CallOptions) {
  return api('/api/user/other', { _id: userId }, options);
}

/** The world's copy of one's shared answer becomes `text` (decision 015: "Update"). */
export function postSharedCopy(answerId: string, text: string) {
  return api('/api/answer/share/update', { answer_id: answerId, text });
}
