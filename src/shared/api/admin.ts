import { z } from 'zod';
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

export type AdminNameRequest = z.input<typeof adminNameRequest>;
export type AdminPageRequest = z.input<typeof adminPageRequest>;

/** SPEC §3 'Admin list: entries with name'. */
export type AdminEntry = { name: string };
export type AdminListResponse = { admin: AdminEntry[] };

/** The admin view of a user: what managing users needs, never a password hash or passcode. */
export type AdminUserView = {
  _id: string;
  /** '' for an anonymous user. */
  name: string;
  /** Shown to admins only: they need it to manage accounts. '' when none. */
  email: string;
  started: string;
  streak: number;
  longestStreak: number;
  score: number;
  /** Counts, not contents. */
  answers: number;
  shared: number;
  admin: boolean;
};
export type AdminUsersResponse = { users: AdminUserView[]; page: number };

/**
 * The admin view of an answer. Private answer text is never shown to admins: `text` is null
 * unless the answer is shared, and an anonymously shared answer carries no author id.
 */
export type AdminAnswerView = {
  _id: string;
  user_id: string | null;
  prompt_title: string;
  answered: string;
  modified: string;
  shared: boolean;
  score: number;
  text: string | null;
};
export type AdminAnswersResponse = { answers: AdminAnswerView[]; page: number };

/** One admin action, as the audit keeps it (issue 13): newest first, admins only. */
export type AdminAuditEntry = {
  at: string;
  /** The acting admin's name when they acted; 'MUSE_ADMINS' for a grant by configuration. */
  actor: string;
  actor_id: string | null;
  action: string;
  target: string;
};
export type AdminAuditResponse = { entries: AdminAuditEntry[]; page: number };
