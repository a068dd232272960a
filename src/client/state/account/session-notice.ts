import { getState, setState } from '../store/app-store.ts';
import { showStatus } from '../store/status.ts';
import { SIGN_IN_AGAIN } from './account-rules.ts';

/**
 * A named user's session is gone (expired, or ended on another device). Nothing is thrown
 * away: failed writes stay in the offline record and every answer stays on this device. The
 * user is asked, once per loss, to sign in again; the login then carries everything over.
 */
export function noteNamedSessionLost(): void {
  if (getState().sessionLost) return;
  setState({ sessionLost: true });
  showStatus(SIGN_IN_AGAIN);
}
