import type { Ok } from '#shared/api/common.ts';
import type { TokensResponse } from '#shared/api/tokens.ts';
import { postJson } from './post-json.ts';

/** The devices (the iOS app, scripts) signed in to this account with a bearer token. */
export function fetchDevices() {
  return postJson<TokensResponse>('/api/tokens');
}

export function revokeDevice(id: string) {
  return postJson<Ok>('/api/token/revoke', { id });
}
