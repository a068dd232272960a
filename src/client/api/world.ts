import type { AnswerResponse } from '#shared/api/answers.ts';
import type {
  FeedAnswerResponse,
  OtherUserResponse,
  SharedAnswersResponse,
} from '#shared/api/world.ts';
import { type PostOptions, postJson } from './post-json.ts';

// Typed calls for the world feed (SPEC §7; schemas in src/shared/api/world.ts).

export function fetchSharedAnswers(page: number) {
  return postJson<SharedAnswersResponse>('/api/answer/shared', { page });
}

/** The shares of answers to one prompt; `answerFirst` until the caller has answered it. */
export function fetchPromptAnswers(promptId: string, page: number) {
  return postJson<SharedAnswersResponse>('/api/answer/shared', { page, prompt_id: promptId });
}

/** Shares one of the caller's own answers (named users only); the answer is the author's copy. */
export function postShareAnswer(answerId: string, anonymous: boolean, userId: string) {
  return postJson<AnswerResponse>('/api/answer/share', {
    answer_id: answerId,
    anonymous,
    user_id: userId,
  });
}

export function postUnshareAnswer(answerId: string) {
  return postJson<AnswerResponse>('/api/answer/unshare', { answer_id: answerId });
}

/** Love (or take it back from) someone else's shared answer; the answer is the feed item. */
export function postLove(answerId: string, userId: string, love: boolean) {
  return postJson<FeedAnswerResponse>(love ? '/api/answer/like' : '/api/answer/unlike', {
    answer_id: answerId,
    user_id: userId,
  });
}

/** Flag (or unflag) someone else's shared answer for review. */
export function postReport(answerId: string, report: boolean) {
  return postJson<FeedAnswerResponse>(report ? '/api/answer/report' : '/api/answer/unreport', {
    answer_id: answerId,
  });
}

/** A named user's public profile: 404 for unknown and anonymous users. */
export function fetchOtherUser(userId: string, options?: PostOptions) {
  return postJson<OtherUserResponse>('/api/user/other', { _id: userId }, options);
}

/** The world's copy of one's shared answer becomes `text` (decision 015: "Update"). */
export function postSharedCopy(answerId: string, text: string) {
  return postJson<AnswerResponse>('/api/answer/share/update', { answer_id: answerId, text });
}
