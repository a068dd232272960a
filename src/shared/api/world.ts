import { z } from 'zod';
import { isOnTheHour } from '../domain/hour.ts';
import { claimedUserIdSchema, plainTextSchema } from './answers.ts';
import { idSchema } from './common.ts';

// Request schemas and response types for the world feed: sharing, love, reports, profiles.

import { MAX_WORLD_PAGE } from '../domain/limits.ts';

export { MAX_WORLD_PAGE, WORLD_PAGE_SIZE } from '../domain/limits.ts';

export const shareAnswerRequest = z.object({
  answer_id: idSchema,
  anonymous: z.boolean(),
  /** Share the entry's photos too (decision 062): a public copy of each. Absent: not shared. */
  photos: z.boolean().optional(),
  user_id: claimedUserIdSchema,
  /**
   * The words the world sees, for an entry encrypted on the device (docs/ENCRYPTION.md): the
   * server cannot read it. Ignored for a plain entry, whose words the server copies itself.
   */
  text: plainTextSchema.optional(),
});
export const unshareAnswerRequest = z.object({ answer_id: idSchema });
/** The world's copy of one's shared answer becomes `text` (decision 015); same limits as a save. */
export const updateSharedCopyRequest = z.object({
  answer_id: idSchema,
  text: plainTextSchema,
});
export const likeAnswerRequest = z.object({ answer_id: idSchema, user_id: claimedUserIdSchema });
export const reportAnswerRequest = z.object({ answer_id: idSchema });
export const sharedAnswersRequest = z.object({
  page: z.number().int().min(1).max(MAX_WORLD_PAGE).default(1),
  /** Only the shares of answers to this prompt (decision 023): for those who answered it. */
  prompt_id: idSchema.optional(),
});
export const otherUserRequest = z.object({ _id: idSchema });

/**
 * A shared answer as anyone may see it. For an anonymous answer the author's id, name and
 * picture are null/''. `likers` holds only the viewer's own id (when they love it) and
 * `reported` says whether the viewer reported it: other people's ids are never sent, since the
 * author is a liker of their own shared answer and a full list would unmask them.
 */
const feedAnswerFields = z.object({
  _id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string(),
  prompt_id: z.string().nullable(),
  prompt_title: z.string(),
  answered: z.string(),
  modified: z.string(),
  text: z.string(),
  type: z.string(),
  categories: z.array(z.string()),
  shared: z.literal(true),
  sharedOn: z.string().nullable(),
  anonymous: z.boolean(),
  likes: z.number(),
  likers: z.array(z.string()),
  reported: z.boolean(),
  /** The words estimate of `text`; null on an anonymous answer (issue 34 point 3). */
  score: z.number().nullable(),
  profilePicture: z.string().nullable(),
  /** Public copies of the photos its author shared with it (decision 062); absent: none. */
  photos: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })).optional(),
});

/**
 * Checked as the answer leaves the server, so a presenter that named the author of an anonymous
 * share would fail the response (500) instead of unmasking them. Nor does it carry what could
 * pair it with a person's score or moments (issue 34 point 3): no score, no time finer than the
 * hour.
 */
function namesNoOneWhenAnonymous(answer: z.output<typeof feedAnswerFields>): boolean {
  return (
    !answer.anonymous ||
    (answer.user_id === null &&
      answer.user_name === '' &&
      answer.profilePicture === null &&
      answer.score === null &&
      isOnTheHour(answer.answered) &&
      isOnTheHour(answer.modified) &&
      isOnTheHour(answer.sharedOn))
  );
}
const ANONYMOUS_NAMED = 'an anonymous answer names no author and carries no score or exact time';

export const feedAnswerSchema = feedAnswerFields.refine(namesNoOneWhenAnonymous, ANONYMOUS_NAMED);
z.globalRegistry.add(feedAnswerSchema, { id: 'FeedAnswer' });
export type FeedAnswer = z.infer<typeof feedAnswerSchema>;

export const reportedAnswerSchema = feedAnswerFields
  .extend({ reports: z.number() })
  .refine(namesNoOneWhenAnonymous, ANONYMOUS_NAMED);
export type ReportedAnswer = z.infer<typeof reportedAnswerSchema>;
z.globalRegistry.add(reportedAnswerSchema, { id: 'ReportedAnswer' });

/**
 * What a public profile shows: nothing else about the user leaves the server. `streak`,
 * `longestStreak` and `score` are as they stood at the end of yesterday (UTC), so they never
 * move at the moment the person writes (issue 34 point 3); the person's own record is exact.
 */
export const publicProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  started: z.string(),
  streak: z.number(),
  longestStreak: z.number(),
  score: z.number(),
  sharedCount: z.number(),
  sharedAnswers: z.array(feedAnswerSchema),
});
z.globalRegistry.add(publicProfileSchema, { id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const feedAnswerResponse = z.object({ answer: feedAnswerSchema });
/**
 * `answerFirst` (only with `prompt_id`): the caller has not answered that prompt yet, so the
 * list is empty on purpose — answer first, then read how others answered (decision 023).
 */
export const sharedAnswersResponse = z.object({
  sharedAnswers: z.array(feedAnswerSchema),
  answerFirst: z.boolean().optional(),
});
export const reportedAnswersResponse = z.object({ reportedAnswers: z.array(reportedAnswerSchema) });
export const otherUserResponse = z.object({ user: publicProfileSchema });
