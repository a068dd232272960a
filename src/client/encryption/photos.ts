import { utf8 } from './bytes.ts';

// A sealed photo (docs/ENCRYPTION.md *Photos*): the image file as one AES-256-GCM message under
// the account's data key, stored by the server as it came.
//
//   0x01 | iv (12 bytes) | ciphertext with its 16-byte tag      (additional data "muse:p1")

const VERSION = 1;
const IV_BYTES = 12;
const LABEL = utf8('muse:p1');

/** Thrown when a photo does not open: another key, another version, altered or cut short. */
export class UnreadablePhotoError extends Error {
  constructor() {
    super('This photo cannot be opened with this journal’s key');
    this.name = 'UnreadablePhotoError';
  }
}

export async function sealPhoto(
  key: CryptoKey,
  image: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: LABEL }, key, image),
  );
  const out = new Uint8Array(1 + IV_BYTES + sealed.length);
  out[0] = VERSION;
  out.set(iv, 1);
  out.set(sealed, 1 + IV_BYTES);
  return out;
}

export async function openPhoto(
  key: CryptoKey,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + 16) throw new UnreadablePhotoError();
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.subarray(1, 1 + IV_BYTES), additionalData: LABEL },
        key,
        sealed.subarray(1 + IV_BYTES),
      ),
    );
  } catch {
    throw new UnreadablePhotoError();
  }
}
