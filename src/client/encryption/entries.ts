import { isSealedEntry } from '#shared/domain/sealed-entry.ts';
import { fromBase64Url, fromUtf8, toBase64Url, utf8 } from './bytes.ts';

// An encrypted entry (docs/ENCRYPTION.md): its words and tags as one AES-256-GCM message under
// the account's data key. Not bound to the entry's id: a copy the server keeps of an entry (a
// conflict kept as a second entry) stays readable, and moving a text between one person's own
// entries reveals nothing. Altered or cut short, it fails on the device instead of misleading.
//
//   e1.<iv>.<ciphertext>     (base64url; the plaintext is the JSON {"text", "tags"})

const VERSION = 'e1';
const IV_BYTES = 12;

/** What of an entry is encrypted. */
export type EntryPlaintext = { text: string; tags: string[] };

/** Thrown when an entry does not decrypt: another key, another version, or altered. */
export class UnreadableEntryError extends Error {
  constructor() {
    super('This entry cannot be read with this journal’s key');
    this.name = 'UnreadableEntryError';
  }
}

/** AES-GCM's additional data: the version, so a future format cannot be read as this one. */
const LABEL = utf8(`muse:${VERSION}`);

/** Whether `text` is an encrypted entry of a version this client reads. */
export const isEncryptedEntry = isSealedEntry;

export async function encryptEntry(key: CryptoKey, entry: EntryPlaintext): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plaintext = utf8(JSON.stringify({ text: entry.text, tags: entry.tags }));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: LABEL },
    key,
    plaintext,
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function decryptEntry(key: CryptoKey, sealed: string): Promise<EntryPlaintext> {
  if (!isEncryptedEntry(sealed)) throw new UnreadableEntryError();
  const [, iv = '', body = ''] = sealed.split('.');
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: LABEL },
      key,
      fromBase64Url(body),
    );
    const parsed = JSON.parse(fromUtf8(plaintext)) as Partial<EntryPlaintext>;
    if (typeof parsed.text !== 'string' || !Array.isArray(parsed.tags)) throw new Error();
    return { text: parsed.text, tags: parsed.tags.filter((t) => typeof t === 'string') };
  } catch {
    throw new UnreadableEntryError();
  }
}
