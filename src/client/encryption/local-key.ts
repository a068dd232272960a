import { gcm } from '@noble/ciphers/aes.js';
import {
  adoptLocalCipher,
  type LocalCipher,
  SEALED_PREFIX,
} from '#client/state/store/local-words.ts';
import { fromBase64Url, fromUtf8, toBase64Url, utf8 } from './bytes.ts';

// This device's storage key (docs/ENCRYPTION.md "The copy on the device"): 32 random bytes that
// seal what an encrypted account keeps in localStorage. Kept in localStorage too, wrapped by the
// journal's data key, so it opens only where that key is: after the password, or from the
// non-extractable key a remembered device holds. Open, it lives in this page's memory only.
//
// Sealing must be synchronous (a draft written as the page goes away cannot wait for a promise),
// which WebCrypto is not: a sealed value is AES-256-GCM by @noble/ciphers, in the same format
// WebCrypto reads, which opens the saved state at start-up off the main thread.
//
//   sealed1:<base64url of nonce (12 bytes) ‖ ciphertext ‖ tag>

const KEY_NAME = 'muse-local-key';
const NONCE_BYTES = 12;
/** Additional data of every sealed value, and of the key's wrap (with the person's id). */
const LABEL = utf8('muse:local1');

type StoredKey = { user: string; iv: string; key: string };

function storedKey(userId: string): StoredKey | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY_NAME) ?? 'null') as Partial<StoredKey>;
    const { user, iv, key } = parsed ?? {};
    if (user !== userId || typeof iv !== 'string' || typeof key !== 'string') return null;
    return { user, iv, key };
  } catch {
    return null;
  }
}

const wrapLabel = (userId: string) => utf8(`muse:local1:${userId}`);

/** The storage key kept for `userId`, opened with the data key; null when none opens. */
async function keptKey(userId: string, dataKey: CryptoKey): Promise<Uint8Array | null> {
  const stored = storedKey(userId);
  if (!stored) return null;
  try {
    const raw = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(stored.iv), additionalData: wrapLabel(userId) },
      dataKey,
      fromBase64Url(stored.key),
    );
    return new Uint8Array(raw);
  } catch {
    // Wrapped by a data key this journal no longer has (encryption was turned off and on).
    return null;
  }
}

/** A new storage key for `userId`, kept wrapped by the data key. */
async function newKey(userId: string, dataKey: CryptoKey): Promise<Uint8Array> {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const wrapped = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: wrapLabel(userId) },
    dataKey,
    raw,
  );
  const stored: StoredKey = {
    user: userId,
    iv: toBase64Url(iv),
    key: toBase64Url(new Uint8Array(wrapped)),
  };
  // Without storage, nothing is kept to seal either.
  try {
    localStorage.setItem(KEY_NAME, JSON.stringify(stored));
  } catch {}
  return raw;
}

function cipherOf(raw: Uint8Array): LocalCipher {
  const imported = crypto.subtle.importKey(
    'raw',
    raw as Uint8Array<ArrayBuffer>,
    'AES-GCM',
    false,
    ['decrypt'],
  );
  const split = (sealed: string) => {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('Not sealed');
    const bytes = fromBase64Url(sealed.slice(SEALED_PREFIX.length));
    return { nonce: bytes.subarray(0, NONCE_BYTES), body: bytes.subarray(NONCE_BYTES) };
  };
  return {
    seal(plain) {
      const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
      const body = gcm(raw, nonce, LABEL).encrypt(utf8(plain));
      const bytes = new Uint8Array(NONCE_BYTES + body.length);
      bytes.set(nonce);
      bytes.set(body, NONCE_BYTES);
      return SEALED_PREFIX + toBase64Url(bytes);
    },
    open(sealed) {
      const { nonce, body } = split(sealed);
      return fromUtf8(gcm(raw, nonce, LABEL).decrypt(body));
    },
    async openAsync(sealed) {
      const { nonce, body } = split(sealed);
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: nonce, additionalData: LABEL },
        await imported,
        body,
      );
      return fromUtf8(plain);
    },
  };
}

/**
 * Opens `userId`'s storage key with the journal's data key (making one the first time) and
 * hands it to local-words.ts: from here on, what the device keeps of them is sealed.
 */
export async function openLocalKey(userId: string, dataKey: CryptoKey): Promise<void> {
  const raw = (await keptKey(userId, dataKey)) ?? (await newKey(userId, dataKey));
  adoptLocalCipher(userId, cipherOf(raw));
}
