import { useEffect, useState } from 'react';
import { isUnauthorized } from '#client/api/call.ts';
import { fetchUser } from '#client/api/users.ts';
import { noteNamedSessionLost } from '#client/state/account/session-notice.ts';
import { getState } from '#client/state/store/app-store.ts';

/**
 * Whether a named user who opens /login still has a session. Right after a reload the app does
 * not know yet that a session has ended, and sending such a person on to `/` would leave them no
 * way to sign in again. So when the screen opens for a named user it asks once: a session →
 * 'signed-in' (go on); none → the session is noted as lost and the form shows. Someone who
 * signs in or up on the screen is 'signed-in' at once.
 */
export function useSessionCheck(named: boolean, sessionLost: boolean): 'checking' | 'done' {
  const [checking, setChecking] = useState(() => named && !sessionLost);
  useEffect(() => {
    if (!checking) return;
    let live = true;
    fetchUser(getState().user._id)
      .catch((error: unknown) => {
        if (live && isUnauthorized(error)) noteNamedSessionLost();
      })
      .finally(() => {
        if (live) setChecking(false);
      });
    return () => {
      live = false;
    };
  }, [checking]);
  return checking ? 'checking' : 'done';
}
