import { useCallback, useState } from 'react';
import { loadAdminAudit } from '#client/state/admin/admin-actions.ts';
import type { AdminAuditEntry } from '#shared/api/admin.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { PagedSection } from './admin-lists.tsx';

const ACTIONS: Record<string, string> = {
  'grant-configured-admin': 'granted admin rights',
  'add-admin': 'added an admin',
  'remove-admin': 'removed an admin',
  'approve-prompt': 'approved a prompt',
  'reject-prompt': 'rejected a prompt',
  'create-prompt': 'added a prompt',
  'edit-prompt': "edited someone's prompt",
  'delete-prompt': "deleted someone's prompt",
  'unshare-answer': 'took an answer out of the world',
  'clear-reports': 'cleared the flags on an answer',
};

function time(at: string): string {
  const clock = at.slice(11, 16);
  return `${formatDate(at) || at.slice(0, 10)}${clock ? `, ${clock} UTC` : ''}`;
}

function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  return (
    <>
      <p className="admin-row-meta">
        <time dateTime={entry.at}>{time(entry.at)}</time>
      </p>
      <p className="admin-row-title">
        {entry.actor} {ACTIONS[entry.action] ?? entry.action}
      </p>
      <p className="admin-row-text">{entry.target}</p>
    </>
  );
}

/** Who did what among the admins (issue 13): newest first, kept even when an admin leaves. */
export function AdminAudit() {
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const [page, setPage] = useState(1);
  const load = useCallback(
    (next: number) =>
      loadAdminAudit(next, (loaded, loadedPage) => {
        setEntries(loaded);
        setPage(loadedPage);
      }),
    [],
  );
  return (
    <PagedSection
      title="Admin actions"
      note="Every grant, added or removed admin, prompt decision or edit, and answer taken out of the world."
      items={entries}
      page={page}
      load={load}
      empty="No admin actions yet."
      keyOf={(entry) => `${entry.at}-${entry.action}-${entry.target}`}
      render={(entry) => <AuditRow entry={entry} />}
    />
  );
}
