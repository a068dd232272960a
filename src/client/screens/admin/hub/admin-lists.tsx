import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { userPath } from '#client/routes.ts';
import type { AdminResult } from '#client/state/admin/admin-actions.ts';
import { loadAdminAnswers, loadAdminUsers } from '#client/state/admin/admin-actions.ts';
import { ADMIN_PAGE_SIZE, hasNextPage } from '#client/state/admin/admin-rules.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import type { AdminAnswerView, AdminUserView } from '#shared/api/admin.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { LoadProblem } from '../admin-page.tsx';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

type PagedSectionProps<T> = {
  title: string;
  note: string;
  items: T[] | null;
  page: number;
  load: (page: number) => AdminResult;
  empty: string;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
};

/** A list the server pages (ADMIN_PAGE_SIZE at a time), with Previous and Next. */
export function PagedSection<T>({
  title,
  note,
  items,
  page,
  load,
  empty,
  render,
  keyOf,
}: PagedSectionProps<T>) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const countRef = useRef<HTMLParagraphElement>(null);

  const go = useCallback(
    async (next: number, moveFocus: boolean) => {
      setBusy(true);
      const message = await load(next);
      setBusy(false);
      setProblem(message ?? '');
      if (!message && moveFocus) countRef.current?.focus();
    },
    [load],
  );

  useEffect(() => {
    void go(1, false);
  }, [go]);

  const first = (page - 1) * ADMIN_PAGE_SIZE + 1;
  const last = items ? first + items.length - 1 : first;
  const canGoBack = page > 1 && !busy;
  const canGoOn = items !== null && hasNextPage(items.length) && !busy;

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId} className="admin-section-title">
          {title}
        </h2>
        <p className="admin-section-note">{note}</p>
      </div>
      {problem ? <LoadProblem message={problem} onRetry={() => void go(page, false)} /> : null}
      {items === null && !problem ? <p className="loading">Loading…</p> : null}
      {items !== null && items.length === 0 ? <p className="admin-empty">{empty}</p> : null}
      {items !== null && items.length > 0 ? (
        <>
          <p ref={countRef} className="admin-count" tabIndex={-1} aria-live="polite">
            Showing {first}–{last}
          </p>
          <ul className="admin-rows">
            {items.map((item) => (
              <li key={keyOf(item)} className="admin-row card">
                {render(item)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {items !== null && (page > 1 || hasNextPage(items.length)) ? (
        <nav className="admin-pager" aria-label={`${title} pages`}>
          <button
            type="button"
            className="button button-quiet button-small"
            aria-disabled={!canGoBack || undefined}
            onClick={() => canGoBack && void go(page - 1, true)}
          >
            Previous
          </button>
          <span className="admin-pager-page">Page {page}</span>
          <button
            type="button"
            className="button button-quiet button-small"
            aria-disabled={!canGoOn || undefined}
            onClick={() => canGoOn && void go(page + 1, true)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function UserRow({ user }: { user: AdminUserView }) {
  return (
    <>
      <div className="admin-row-head">
        <p className="admin-row-title">
          {user.name ? <Link to={userPath(user._id)}>{user.name}</Link> : 'Anonymous visitor'}
        </p>
        {user.admin ? <span className="admin-badge">Admin</span> : null}
      </div>
      {user.email ? <p className="admin-row-meta">{user.email}</p> : null}
      <p className="admin-row-meta">
        Since {formatDate(user.started) || user.started} · {plural(user.answers, 'answer')} ·{' '}
        {user.shared} shared · streak {user.streak} (longest {user.longestStreak}) · score{' '}
        {user.score}
      </p>
    </>
  );
}

function AnswerRow({ answer }: { answer: AdminAnswerView }) {
  return (
    <>
      <p className="admin-row-meta">
        <time dateTime={answer.answered}>{formatDate(answer.answered)}</time>
        {answer.shared ? ' · Shared' : ''}
        {/* Only an answer shared by name names its author; a private one shows as 'Private'. */}
        {answer.shared && answer.user_id === null ? ' · Anonymous' : ''}
      </p>
      <p className="admin-row-title">{answer.prompt_title || 'Untitled'}</p>
      {answer.text === null ? (
        <p className="admin-row-text admin-private">Private</p>
      ) : (
        <p className="admin-row-text">{answer.text || 'No words yet.'}</p>
      )}
    </>
  );
}

/** SPEC §6 "list users": everyone, newest first, with counts (never contents). */
export function AdminUsers() {
  const users = useAppState((s) => s.adminData.users);
  const page = useAppState((s) => s.adminData.usersPage);
  return (
    <PagedSection
      title="Users"
      note={`${ADMIN_PAGE_SIZE} to a page.`}
      items={users}
      page={page}
      load={loadAdminUsers}
      empty="Nobody here yet."
      keyOf={(user) => user._id}
      render={(user) => <UserRow user={user} />}
    />
  );
}

/** SPEC §6 "list answers": private answers show as 'Private', never their words. */
export function AdminAnswers() {
  const answers = useAppState((s) => s.adminData.answers);
  const page = useAppState((s) => s.adminData.answersPage);
  return (
    <PagedSection
      title="Answers"
      note="Only shared answers show their words."
      items={answers}
      page={page}
      load={loadAdminAnswers}
      empty="No answers yet."
      keyOf={(answer) => answer._id}
      render={(answer) => <AnswerRow answer={answer} />}
    />
  );
}
