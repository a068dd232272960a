import { z } from 'zod';
import { answerInputSchema, answerSchema, claimedUserIdSchema } from './answers.ts';
import { dayFields, idSchema } from './common.ts';
import { promptInputSchema, promptViewSchema } from './prompts.ts';
import { ownUserSchema } from './users.ts';

// SPEC §3 offline record: what the client did while it could not reach the server.

export const offlineRecordSchema = z.object({
  beenOffline: z.boolean().optional(),
  /** Answers written or edited offline (whole answers; the newer `modified` wins). */
  answered: z.array(answerInputSchema).max(500).default([]),
  /** Prompts created offline. */
  created: z.array(promptInputSchema).max(100).default([]),
  /** Ids of answers deleted offline. */
  deleted: z.array(idSchema).max(1000).default([]),
  streak: z.number().int().min(0).max(100_000).optional(),
  longestStreak: z.number().int().min(0).max(100_000).optional(),
  score: z.number().optional(),
  /** The last streak day the client counted offline, 'YYYY-MM-DD'. */
  last: z.string().max(40).nullish(),
});
z.globalRegistry.add(offlineRecordSchema, { id: 'OfflineRecord' });

export const offlineSaveRequest = z.object({
  user_id: claimedUserIdSchema,
  offline: offlineRecordSchema,
  ...dayFields,
});

/**
 * An offline answer written from an older revision than the server's, with other text
 * (decision 013): the server kept its text and saved the offline one as answer `copy_id`.
 */
export const offlineCopySchema = z.object({ answer_id: z.string(), copy_id: z.string() });
z.globalRegistry.add(offlineCopySchema, { id: 'OfflineCopy' });
export type OfflineCopy = z.infer<typeof offlineCopySchema>;

/** SPEC §7: the server's copy of everything the record touched (+ decision 013's copies). */
export const offlineSaveResponse = z.object({
  user: ownUserSchema,
  answers: z.array(answerSchema),
  myPrompts: z.array(promptViewSchema),
  copies: z.array(offlineCopySchema).optional(),
});
