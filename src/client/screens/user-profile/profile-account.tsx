import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { paths } from '#client/routes.ts';
import { logOut } from '#client/state/account/account.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** "Account": log out (asking first when writing has not reached Müse) and delete the account. */
export function ProfileAccount() {
  const navigate = useNavigate();
  const named = useAppState((s) => s.user.name !== '');
  const loading = useAppState((s) => s.loading);
  const [deleting, setDeleting] = useState(false);
  /** Items not yet on the server when logging out was asked for (0: no question open). */
  const [unsent, setUnsent] = useState(0);
  const accountId = useId();

  const onLogOut = async (discardUnsent = false) => {
    setUnsent(0);
    const outcome = await logOut({ discardUnsent });
    if (outcome.kind === 'unsent') setUnsent(outcome.count);
    else if (outcome.kind === 'failed' && outcome.message) showStatus(outcome.message, true);
  };
  const them = unsent === 1 ? 'it' : 'them';

  return (
    <section aria-labelledby={accountId} className="profile-section">
      <h2 id={accountId} className="profile-section-title">
        Account
      </h2>
      <div className="profile-buttons">
        {named ? (
          <button
            type="button"
            className="button button-quiet"
            aria-busy={loading}
            onClick={() => void onLogOut()}
          >
            Log out
          </button>
        ) : null}
        <button
          type="button"
          className="button button-quiet profile-danger"
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      <ConfirmDialog
        open={unsent > 0}
        title="Log out and lose unsent writing?"
        message={`${unsent === 1 ? 'One thing you wrote has' : `${unsent} things you wrote have`} not reached Müse yet (you are offline, or your session has ended). Logging out now erases ${them} from this device. Sign in again or go online first to keep ${them}.`}
        confirmLabel="Log out anyway"
        destructive
        onConfirm={() => void onLogOut(true)}
        onCancel={() => setUnsent(0)}
      />
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          setDeleting(false);
          void navigate(paths.categories);
        }}
      />
    </section>
  );
}
