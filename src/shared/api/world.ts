import { z } from 'zod';
import { answerInputSchema, claimedUserIdSchema } from './answers.ts';
import { idSchema } from './common.ts';

// Request schemas and response types for the world feed: sharing, love, reports, profiles.

import { MAX_WORLD_PAGE } from '../domain/limits.ts';

export { MAX_WORLD_PAGE, WORLD_PAGE_SIZE } from '../domain/limits.ts';

export const shareAnswerRequest = z.object({
  answer_id: idSchema,
  anonymous: z.boolean(),
  user_id: claimedUserIdSchema,
});
export const unshareAnswerRequest = z.object({ answer_id: idSchema });
/** The world's copy of one's shared answer becomes `text` (decision 015); same limits as a save. */
export const updateSharedCopyRequest = z.object({
  answer_id: idSchema,
  text: answerInputSchema.shape.text,
});
export const likeAnswerRequest = z.object({ answer_id: idSchema, user_id: claimedUserIdSchema });
export const reportAnswerRequest = z.object({ answer_id: idSchema });
export const sharedAnswersRequest = z.object({
  page: z.number().int().min(1).max(MAX_WORLD_PAGE).default(1),
  /** Only the shares of answers to this prompt (decision 023): for those who answered it. */
  prompt_id: idSchema.optional(),
});
export const otherUserRequest = z.object({ _id: idSchema });

export type ShareAnswerRequest = z.input<typeof shareAnswerRequest>;
export type UnshareAnswerRequest = z.input<typeof unshareAnswerRequest>;
export type UpdateSharedCopyRequest = z.input<typeof updateSharedCopyRequest>;
export type LikeAnswerRequest = z.input<typeof likeAnswerRequest>;
export type ReportAnswerRequest = z.input<typeof reportAnswerRequest>;
export type SharedAnswersRequest = z.input<typeof sharedAnswersRequest>;
export type OtherUserRequest = z.input<typeof otherUserRequest>;

/**
 * A shared answer as anyone may see it. For an anonymous answer the author's id, name and
 * picture are null/''. `likers` holds only the viewer's own id (when they love it) and
 * `reported` says whether the viewer reported it: other people's ids are never sent, since the
 * author is a liker of their own shared answer and a full list would unmask them.
 */
export type FeedAnswer = {
  _id: string;
  user_id: string | null;
  user_name: string;
  prompt_id: string | null;
  prompt_title: string;
  answered: string;
  modified: string;
  text: string;
  type: string;
  categories: string[];
  shared: true;
  sharedOn: string | null;
  anonymous: boolean;
  likes: number;
  likers: string[];
  reported: boolean;
  score: number;
  profilePicture: string | null;
};

export type ReportedAnswer = FeedAnswer & { reports: number };

/** What a public profile shows: nothing else about the user leaves the server. */
export type PublicProfile = {
  _id: string;
  name: string;
  profilePicture: string | null;
  started: string;
  streak: number;
  longestStreak: number;
  score: number;
  sharedCount: number;
  sharedAnswers: FeedAnswer[];
};

export type FeedAnswerResponse = { answer: FeedAnswer };
/**
 * `answerFirst` (only with `prompt_id`): the caller has not answered that prompt yet, so the
 * list is empty on purpose — answer first, then read how others answered (decision 023).
 */
export type SharedAnswersResponse = { sharedAnswers: FeedAnswer[]; answerFirst?: boolean };
export type ReportedAnswersResponse = { reportedAnswers: ReportedAnswer[] };
export type OtherUserResponse = { user: PublicProfile };
