import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { addAdmin, removeAdmin } from '#client/state/admin/admin-actions.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { capitaliseFirst } from '#shared/domain/capitalise.ts';
import { MAX_NAME } from '#shared/domain/limits.ts';

/** SPEC §6 "add or remove admins by name": the admin list with Remove, and Add by name. */
export function AdminPeople() {
  const admins = useAppState((s) => s.admin);
  const me = useAppState((s) => s.user.name.trim().toLowerCase());
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [toRemove, setToRemove] = useState<string | null>(null);
  const headingId = useId();
  const nameId = useId();
  const errorId = useId();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wanted = name.trim();
    if (!wanted) {
      setError('Please enter a name');
      return;
    }
    setBusy(true);
    const problem = await addAdmin(wanted);
    setBusy(false);
    if (problem) {
      setError(problem);
      return;
    }
    setName('');
    showStatus(`${wanted} is an admin`);
  };

  const remove = async (who: string) => {
    setToRemove(null);
    const problem = await removeAdmin(who);
    if (problem) setError(problem);
    else showStatus(`${who} is no longer an admin`);
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section-head">
        <h2 id={headingId} className="admin-section-title">
          Admins
        </h2>
        <p className="admin-section-note">People who can see these screens.</p>
      </div>
      <ul className="admin-people card">
        {admins.map((admin) => (
          <li key={admin.name} className="admin-person">
            <span className="admin-person-name">
              {admin.name}
              {admin.name.toLowerCase() === me ? ' (you)' : ''}
            </span>
            <button
              type="button"
              className="button button-quiet button-small"
              aria-label={`Remove ${admin.name} as admin`}
              onClick={() => {
                setError('');
                setToRemove(admin.name);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form className="admin-add" noValidate onSubmit={add}>
        <label htmlFor={nameId} className="visually-hidden">
          Name of the user to make an admin
        </label>
        <input
          id={nameId}
          className="field"
          type="text"
          autoComplete="off"
          placeholder="User name"
          value={name}
          maxLength={MAX_NAME}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            // SPEC §5: names are capitalised as typed.
            setName(capitaliseFirst(event.target.value));
            setError('');
          }}
        />
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          Add admin
        </button>
      </form>
      <p id={errorId} className="admin-error" role="alert">
        {error}
      </p>
      <ConfirmDialog
        open={toRemove !== null}
        title={`Remove ${toRemove ?? ''} as an admin?`}
        message={
          toRemove?.toLowerCase() === me
            ? 'You will lose the admin screens at once.'
            : 'They keep their account and answers, and lose the admin screens.'
        }
        confirmLabel="Remove"
        destructive
        onCancel={() => setToRemove(null)}
        onConfirm={() => {
          if (toRemove) void remove(toRemove);
        }}
      />
    </section>
  );
}
