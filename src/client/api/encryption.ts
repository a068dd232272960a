import type { KeyBundle } from '#shared/api/encryption.ts';
import { api } from './call.ts';

// The account's key bundle (docs/ENCRYPTION.md; schemas in src/shared/api/encryption.ts).

export function fetchKeyBundle() {
  return api('/api/encryption/get');
}

/** Turns encryption on or rewraps (a bundle), or off (null); the password is checked. */
export function postKeyBundle(bundle: KeyBundle | null, password: string) {
  return api('/api/encryption/set', { bundle, password });
}

/** Deletes every encrypted entry and turns encryption off: for a person who lost every key. */
export function postForfeitEncrypted(password: string) {
  return api('/api/encryption/set', { bundle: null, password, forfeit: true });
}
