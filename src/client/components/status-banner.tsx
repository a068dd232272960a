import { useEffect } from 'react';
import { useAppState } from '../state/store/app-store.ts';
import { clearStatus, STATUS_TIMEOUT_MS } from '../state/store/status.ts';
import './status-banner.css';

/**
 * SPEC §4 status message: a green banner (red for a warning) that clears after 2 seconds. The
 * live region is always in the page so screen readers announce each new message; `hidden` (the
 * passcode lock is on) keeps it silent and empty.
 */
export function StatusBanner({ hidden = false }: { hidden?: boolean }) {
  const status = useAppState((s) => s.status);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => clearStatus(status.id), STATUS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div className="status-region" role="status" aria-live="polite">
      {status && !hidden ? (
        <p key={status.id} className={status.warning ? 'status status-warning' : 'status'}>
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
