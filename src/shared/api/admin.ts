import { z } from 'zod';
import { isOnTheHour } from '../domain/hour.ts';
import { MAX_NAME } from '../domain/limits.ts';

// Request schemas and response types for the admin calls (SPEC §6 Admin, §7).

export { ADMIN_PAGE_SIZE } from '../domain/limits.ts';

export const adminNameRequest = z.object({
  admin_name: z.string().trim().min(1, 'Please enter a name').max(MAX_NAME, 'is too long'),
});

/** Pages start at 1; a missing page is the first. */
export const adminPageRequest = z.object({
  page: z.number().int().min(1).max(1_000_000).default(1),
});

/** SPEC §3 'Admin list: entries with name'. */
export const adminEntrySchema = z.object({ name: z.string() });
z.globalRegistry.add(adminEntrySchema, { id: 'AdminEntry' });
export type AdminEntry = z.infer<typeof adminEntrySchema>;
export const adminListResponse = z.object({ admin: z.array(adminEntrySchema) });

/** The admin view of a user: what managing users needs, never a password hash or passcode. */
export const adminUserViewSchema = z.object({
  _id: z.string(),
  /** '' for an anonymous user. */
  name: z.string(),
  /** Shown to admins only: they need it to manage accounts. '' when none. */
  email: z.string(),
  started: z.string(),
  /** The public ones: as they stood at the end of yesterday (UTC), as on the profile. */
  streak: z.number(),
  longestStreak: z.number(),
  score: z.number(),
  /** Counts, not contents. */
  answers: z.number(),
  shared: z.number(),
  admin: z.boolean(),
});
z.globalRegistry.add(adminUserViewSchema, { id: 'AdminUser' });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;
export const adminUsersResponse = z.object({
  users: z.array(adminUserViewSchema),
  page: z.number(),
});

/**
 * The admin view of an answer. Private answer text is never shown to admins: `text` is null
 * unless the answer is shared. Only an answer shared by name carries its author's id, its score
 * and exact times; any other (private, or shared anonymously) has a null `user_id` and `score`
 * and times to the hour (issue 34 point 3), so no person's counts can be matched against it.
 */
export const adminAnswerViewSchema = z
  .object({
    _id: z.string(),
    user_id: z.string().nullable(),
    prompt_title: z.string(),
    answered: z.string(),
    modified: z.string(),
    shared: z.boolean(),
    score: z.number().nullable(),
    text: z.string().nullable(),
  })
  .refine((answer) => answer.shared || answer.text === null, 'a private answer shows no text')
  .refine(
    (answer) =>
      answer.user_id !== null ||
      (answer.score === null && isOnTheHour(answer.answered) && isOnTheHour(answer.modified)),
    'an answer without its author carries no score or exact time',
  );
export type AdminAnswerView = z.infer<typeof adminAnswerViewSchema>;
z.globalRegistry.add(adminAnswerViewSchema, { id: 'AdminAnswer' });
export const adminAnswersResponse = z.object({
  answers: z.array(adminAnswerViewSchema),
  page: z.number(),
});

/** One admin action, as the audit keeps it (issue 13): newest first, admins only. */
export const adminAuditEntrySchema = z.object({
  at: z.string(),
  /** The acting admin's name when they acted; 'MUSE_ADMINS' for a grant by configuration. */
  actor: z.string(),
  actor_id: z.string().nullable(),
  action: z.string(),
  target: z.string(),
});
z.globalRegistry.add(adminAuditEntrySchema, { id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponse = z.object({
  entries: z.array(adminAuditEntrySchema),
  page: z.number(),
});
