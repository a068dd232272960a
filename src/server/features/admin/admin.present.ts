import type {
  AdminAnswerView,
  AdminAuditEntry,
  AdminEntry,
  AdminUserView,
} from '#shared/api/admin.ts';
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
    streak: row.streak,
    longestStreak: row.longest_streak,
    score: row.score,
    answers: Number(row.answer_count ?? 0),
    shared: Number(row.shared_count ?? 0),
    admin,
  };
}

/**
 * Private answer text never reaches admins; only shared answers carry text, and one ever shared
 * anonymously no author (nor its author's own prompt title). The repo blanks these in SQL; the
 * text rule is repeated here so it holds even if the query changes.
 */
export function presentAdminAnswer(row: AdminAnswerRow): AdminAnswerView {
  const shared = row.shared === 1;
  return {
    _id: row.id,
    user_id: row.user_id,
    prompt_title: row.prompt_title,
    answered: row.answered,
    modified: row.modified,
    shared,
    score: row.score,
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
