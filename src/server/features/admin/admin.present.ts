import type {
  AdminAnswerView,
  AdminAuditEntry,
  AdminEntry,
  AdminUserView,
} from '#shared/api/admin.ts';
import { startOfHour } from '#shared/domain/hour.ts';
import type { AdminAnswerRow, AdminUserRow, NamedUser } from './admin.repo.ts';
import type { AuditRow } from './audit.repo.ts';

/** Names only: the admin list is public (SPEC §7 loads it at start for everyone). */
export function presentAdminList(users: readonly NamedUser[]): AdminEntry[] {
  return users.map((user) => ({ name: user.name }));
}

/** The admin view of a user: never the password hash, passcode, name key or old id. */
export function presentAdminUser(row: AdminUserRow, admin: boolean): AdminUserView {
  return {
    _id: row.id,
    name: row.name,
    email: row.email ?? '',
    started: row.started,
    streak: Number(row.streak),
    longestStreak: Number(row.longest_streak),
    score: Number(row.score),
    answers: Number(row.answer_count ?? 0),
    shared: Number(row.shared_count ?? 0),
    admin,
  };
}

/**
 * Private answer text never reaches admins; only shared answers carry text, and only one shared
 * by name an author, a score or its exact times (issue 34 point 3): the rest are to the hour.
 * The repo blanks these in SQL; the rules are repeated here so they hold even if the query
 * changes.
 */
export function presentAdminAnswer(row: AdminAnswerRow): AdminAnswerView {
  const shared = row.shared === 1;
  const named = row.user_id !== null;
  const when = named ? (time: string) => time : startOfHour;
  return {
    _id: row.id,
    user_id: row.user_id,
    prompt_title: row.prompt_title,
    answered: when(row.answered),
    modified: when(row.modified),
    shared,
    score: named && row.score !== null ? Number(row.score) : null,
    text: shared ? (row.text ?? '') : null,
  };
}

export function presentAuditEntry(row: AuditRow): AdminAuditEntry {
  return {
    at: row.at,
    actor: row.actor_name,
    actor_id: row.actor_id,
    action: row.action,
    target: row.target,
  };
}
