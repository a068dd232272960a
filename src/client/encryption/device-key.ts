// The journal's data key as this device holds it (docs/ENCRYPTION.md): in memory while the app
// runs, and in IndexedDB as a non-extractable CryptoKey, so a reload or a phone that put the
// tab away opens the journal without the password again. Nothing can read the key's bytes back
// out of either place, not even this app's own code; logging out forgets it. Whenever the key is
// here, this device's storage key is opened with it first (local-key.ts), so nothing the key
// opens reaches this device's storage unsealed.

import { indexedStore } from '#client/indexed-store.ts';
import { openLocalKey } from './local-key.ts';

const DATABASE = 'muse-keys';
const STORE = 'keys';

/** The key this device holds, and whose journal it opens. */
let held: { userId: string; key: CryptoKey } | null = null;

const keep = indexedStore(DATABASE, STORE);

/** The key that opens `userId`'s journal on this device, if it holds one. */
export function deviceKey(userId: string): CryptoKey | null {
  return held && held.userId === userId ? held.key : null;
}

/**
 * Keeps `key` for `userId` on this device. A key that can still be exported is turned into one
 * that cannot before it is kept (the bytes leave memory with the last reference to it).
 */
export async function keepDeviceKey(userId: string, key: CryptoKey): Promise<CryptoKey> {
  const kept = key.extractable
    ? await crypto.subtle.importKey(
        'raw',
        await crypto.subtle.exportKey('raw', key),
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      )
    : key;
  await openLocalKey(userId, kept);
  held = { userId, key: kept };
  try {
    await keep.run('readwrite', (store) => store.put(kept, userId));
  } catch {
    // A browser without IndexedDB (private mode in some) asks for the password at each start.
  }
  return kept;
}

/** The key kept for `userId` by an earlier visit, now in memory too; null when there is none. */
export async function restoreDeviceKey(userId: string): Promise<CryptoKey | null> {
  const known = deviceKey(userId);
  if (known) return known;
  try {
    const key = await keep.run<unknown>('readonly', (store) => store.get(userId));
    if (!(key instanceof CryptoKey)) return null;
    await openLocalKey(userId, key);
    held = { userId, key };
    return key;
  } catch {
    return null;
  }
}

/** Forgets every key this device holds (logout, encryption turned off). */
export async function forgetDeviceKeys(): Promise<void> {
  held = null;
  try {
    await keep.run('readwrite', (store) => store.clear());
  } catch {
    // Nothing was kept.
  }
}
