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
// A write as the page goes away (a draft, the state's last save) cannot wait for a promise, and
// WebCrypto has none but promises: those are sealed by @noble/ciphers, in the same AES-256-GCM
// format. The state's saves while the app runs, and its opening at start-up, use WebCrypto, off
// the main thread: sealed with @noble/ciphers, a ten-year journal's save held the page 2.0–2.5 s
// at 4× CPU (decision 065).
//
//   sealed1:<length in bytes>:<nonce (12 bytes) ‖ ciphertext ‖ tag, 15 bits a character (pack)>

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

/** The first of the 32,768 characters that carry 15 bits each: U+4000…U+BFFF, no surrogates. */
const PACK_BASE = 0x4000;

/**
 * Bytes as text, 15 bits a character. localStorage's quota counts characters (about five
 * million in Chromium), so a sealed state takes about half the room of the same state in words,
 * where base64 would take a third more.
 */
function pack(bytes: Uint8Array): string {
  const chars = new Uint16Array(Math.ceil((bytes.length * 8) / 15));
  let value = 0;
  let bits = 0;
  let at = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0x7fffff;
    bits += 8;
    if (bits >= 15) {
      bits -= 15;
      chars[at++] = PACK_BASE + ((value >> bits) & 0x7fff);
    }
  }
  if (bits > 0) chars[at] = PACK_BASE + ((value << (15 - bits)) & 0x7fff);
  return new TextDecoder('utf-16le').decode(chars);
}

/** `length` bytes back from pack's text; anything else throws. */
function unpack(text: string, length: number): Uint8Array<ArrayBuffer> {
  if (Math.ceil((length * 8) / 15) !== text.length) throw new Error('Not sealed');
  const bytes = new Uint8Array(length);
  let value = 0;
  let bits = 0;
  let at = 0;
  for (let i = 0; i < text.length && at < length; i += 1) {
    const code = text.charCodeAt(i) - PACK_BASE;
    if (code < 0 || code > 0x7fff) throw new Error('Not sealed');
    value = ((value << 15) | code) & 0x7fffff;
    bits += 15;
    while (bits >= 8 && at < length) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

function cipherOf(raw: Uint8Array): LocalCipher {
  const imported = crypto.subtle.importKey(
    'raw',
    raw as Uint8Array<ArrayBuffer>,
    'AES-GCM',
    false,
    ['encrypt', 'decrypt'],
  );
  const split = (sealed: string) => {
    const [, length = '', packed = ''] = /^sealed1:(\d+):(.*)$/s.exec(sealed) ?? [];
    const bytes = unpack(packed, Number(length));
    return { nonce: bytes.subarray(0, NONCE_BYTES), body: bytes.subarray(NONCE_BYTES) };
  };
  const joined = (nonce: Uint8Array, body: Uint8Array) => {
    const bytes = new Uint8Array(NONCE_BYTES + body.length);
    bytes.set(nonce);
    bytes.set(body, NONCE_BYTES);
    return `${SEALED_PREFIX}${bytes.length}:${pack(bytes)}`;
  };
  const newNonce = () => crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  return {
    seal(plain) {
      const nonce = newNonce();
      return joined(nonce, gcm(raw, nonce, LABEL).encrypt(utf8(plain)));
    },
    async sealAsync(plain) {
      const nonce = newNonce();
      const body = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv: nonce, additionalData: LABEL },
        await imported,
        utf8(plain),
      );
      return joined(nonce, new Uint8Array(body));
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
  const raw = await oneTabAtATime(
    async () => (await keptKey(userId, dataKey)) ?? (await newKey(userId, dataKey)),
  );
  adoptLocalCipher(userId, cipherOf(raw));
}

/**
 * One tab of this origin at a time looks for the storage key and makes it (the Web Locks API):
 * two tabs opening the journal at once would otherwise each make their own, and what the first
 * sealed would not open after the second's was kept.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(KEY_NAME, work) : work();
}
