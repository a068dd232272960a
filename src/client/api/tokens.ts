import { api } from './call.ts';

/** The devices (the iOS app, scripts) signed in to this account with a bearer token. */
export function fetchDevices() {
  return api('/api/tokens');
}

export function revokeDevice(id: string) {
  return api('/api/token/revoke', { id });
}
