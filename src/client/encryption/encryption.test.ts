import { describe, expect, it } from 'vitest';
import { fromBase64Url, fromCrockford, toBase64Url, toCrockford } from './bytes.ts';
import { decryptEntry, encryptEntry, isEncryptedEntry, UnreadableEntryError } from './entries.ts';
import {
  createDataKey,
  createKeyBundle,
  createRecoveryKey,
  type KeyBundle,
  PASSWORD_ITERATIONS,
  unlockWithPassword,
  unlockWithRecoveryKey,
  WrongKeyError,
} from './keys.ts';
import { openPhoto, sealPhoto, UnreadablePhotoError } from './photos.ts';

// docs/ENCRYPTION.md, as code: the vectors below are the document's, and the first test opens
// them with WebCrypto calls written from the document alone (not this folder's functions), so
// a change to the format that other clients rely on fails here.

const VECTOR = {
  dataKey: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
  entry:
    'e1.nklQ1-CMw6ly2RCg.fkYTrSKMipvbEjByF8mo7GQKJa29NEvJeYkYD1xvywQ-RDZXJoIFrDAKPs8ghCn7YHDXi6ZUevcLoiqp41mSdTIWsDdG1uI',
  password: 'correct horse battery staple',
  recoveryKey: 'ZZZF-VZ7V-ZBWZ-HXZP-YQTF-7WQH-Y3QY-XVFC-XFNE-KT77-WVJY-9RZ2-W7G0',
  bundle: {
    v: 1,
    password: {
      kdf: 'PBKDF2-SHA256',
      iterations: 600000,
      salt: 'hEh0Er2aJl69fjaCRjDFfA',
      iv: 'wMkTPbYBc2UZaXRM',
      key: 'AgxmiMIhAS8m6wQ1FaNlXECPoLV17oLgnsl2Ele5cNqMf7C-8yiSmJQG5BhcrIGb',
    },
    recovery: {
      kdf: 'HKDF-SHA256',
      salt: '71K7nTUpfMBEgv29NI6jhw',
      iv: 'zxvaIvf0SBwZl3vg',
      key: 'qj-Y07upTJtH7YnTtecYyQHg7lrZsbxOImZwkFbPdanEydnjiX_neRIKJXf52Alo',
    },
  } satisfies KeyBundle,
};

/** base64url by the book (atob), independent of bytes.ts. */
const b64 = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const enc = (text: string) => new TextEncoder().encode(text);
const exportRaw = async (key: CryptoKey) =>
  toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', key)));

/** A fast bundle for tests that are not about the iteration count. */
const FAST = 1_000;

describe('the format of docs/ENCRYPTION.md', () => {
  it('opens the document’s vectors with WebCrypto alone: the entry, and the key by password', async () => {
    const [version, iv = '', body = ''] = VECTOR.entry.split('.');
    expect(version).toBe('e1');
    const dataKey = await crypto.subtle.importKey('raw', b64(VECTOR.dataKey), 'AES-GCM', false, [
      'decrypt',
    ]);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: b64(iv), additionalData: enc('muse:e1') },
      dataKey,
      b64(body),
    );
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({
      text: 'Müse: the sea in the morning',
      tags: ['sea'],
    });

    const wrapped = VECTOR.bundle.password;
    const material = await crypto.subtle.importKey('raw', enc(VECTOR.password), 'PBKDF2', false, [
      'deriveBits',
    ]);
    const kekBits = await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: b64(wrapped.salt), iterations: wrapped.iterations },
      material,
      256,
    );
    const kek = await crypto.subtle.importKey('raw', kekBits, 'AES-GCM', false, ['decrypt']);
    const raw = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: b64(wrapped.iv), additionalData: enc('muse:key1:password') },
      kek,
      b64(wrapped.key),
    );
    expect(toBase64Url(new Uint8Array(raw))).toBe(VECTOR.dataKey);
  });

  it('this folder reads the same vectors: by password, by recovery key, and the entry', async () => {
    const byPassword = await unlockWithPassword(VECTOR.bundle, VECTOR.password, {
      extractable: true,
    });
    expect(await exportRaw(byPassword)).toBe(VECTOR.dataKey);
    const byRecovery = await unlockWithRecoveryKey(VECTOR.bundle, VECTOR.recoveryKey);
    expect(await decryptEntry(byRecovery, VECTOR.entry)).toEqual({
      text: 'Müse: the sea in the morning',
      tags: ['sea'],
    });
  });
});

describe('keys', () => {
  it('wraps a new data key by the password at OWASP’s 600,000 iterations, and by a recovery key', async () => {
    const { bundle, dataKey, recoveryKey } = await createKeyBundle('a long password');
    expect(bundle.password).toMatchObject({
      kdf: 'PBKDF2-SHA256',
      iterations: PASSWORD_ITERATIONS,
    });
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(recoveryKey).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){12}[0-9A-HJKMNP-TV-Z]{4}$/);
    const unlocked = await unlockWithPassword(bundle, 'a long password', { extractable: true });
    expect(await exportRaw(unlocked)).toBe(await exportRaw(dataKey));
    // Nothing of the key itself is in what the server keeps.
    expect(JSON.stringify(bundle)).not.toContain(await exportRaw(dataKey));
  });

  it('refuses a wrong password or recovery key, and a wrap moved to the other slot', async () => {
    const { bundle, recoveryKey } = await createKeyBundle('a long password', FAST);
    await expect(unlockWithPassword(bundle, 'a long passwore')).rejects.toBeInstanceOf(
      WrongKeyError,
    );
    await expect(unlockWithRecoveryKey(bundle, createRecoveryKey())).rejects.toBeInstanceOf(
      WrongKeyError,
    );
    await expect(unlockWithRecoveryKey(bundle, 'not a key')).rejects.toBeInstanceOf(WrongKeyError);
    const swapped: KeyBundle = {
      ...bundle,
      recovery: { ...bundle.recovery, iv: bundle.password.iv, key: bundle.password.key },
    };
    await expect(unlockWithRecoveryKey(swapped, recoveryKey)).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('reads a recovery key as a person copies it: any case, spaces, O for 0, I or L for 1', async () => {
    const { bundle, recoveryKey } = await createKeyBundle('pw', FAST);
    const copied = recoveryKey
      .toLowerCase()
      .replace(/-/g, ' ')
      .replace(/0/g, 'o')
      .replace(/1/g, 'l');
    await expect(unlockWithRecoveryKey(bundle, copied)).resolves.toBeTruthy();
  });

  it('gives a device a key it cannot export unless asked to', async () => {
    const { bundle } = await createKeyBundle('pw', FAST);
    const key = await unlockWithPassword(bundle, 'pw');
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('entries', () => {
  it('seal words and tags that only the same key opens, unaltered', async () => {
    const key = await createDataKey();
    const entry = { text: 'Ünïcödé, emoji 🌊 and\nnew lines', tags: ['sea', 'morning'] };
    const sealed = await encryptEntry(key, entry);
    expect(isEncryptedEntry(sealed)).toBe(true);
    expect(sealed).not.toContain('sea');
    expect(await decryptEntry(key, sealed)).toEqual(entry);
    // Another key, or one changed character.
    await expect(decryptEntry(await createDataKey(), sealed)).rejects.toBeInstanceOf(
      UnreadableEntryError,
    );
    const last = sealed.at(-1) === 'A' ? 'B' : 'A';
    await expect(decryptEntry(key, sealed.slice(0, -1) + last)).rejects.toBeInstanceOf(
      UnreadableEntryError,
    );
  });

  it('never seals the same words the same way twice (a fresh IV each time)', async () => {
    const key = await createDataKey();
    const one = await encryptEntry(key, { text: 'same', tags: [] });
    const two = await encryptEntry(key, { text: 'same', tags: [] });
    expect(one).not.toBe(two);
  });

  it('tells plain words from an entry it can read', () => {
    expect(isEncryptedEntry('The sea in the morning')).toBe(false);
    expect(isEncryptedEntry('e1.short.x')).toBe(false);
    expect(isEncryptedEntry('e2.AAAAAAAAAAAAAAAA.AAAA')).toBe(false);
  });
});

describe('photos', () => {
  const image = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 255);

  it('are sealed as the document says: version 1, a 12-byte IV, AES-GCM with muse:p1', async () => {
    const key = await createDataKey();
    const sealed = await sealPhoto(key, image);
    expect(sealed[0]).toBe(1);
    expect(sealed).toHaveLength(1 + 12 + image.length + 16);
    // Opened with WebCrypto from the document alone.
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.slice(1, 13), additionalData: enc('muse:p1') },
      key,
      sealed.slice(13),
    );
    expect([...new Uint8Array(plain)]).toEqual([...image]);
    expect([...(await openPhoto(key, sealed))]).toEqual([...image]);
  });

  it('open with their own key only, and not altered, cut short or of another version', async () => {
    const key = await createDataKey();
    const sealed = await sealPhoto(key, image);
    await expect(openPhoto(await createDataKey(), sealed)).rejects.toThrow(UnreadablePhotoError);
    const altered = sealed.slice();
    altered[40] = (altered[40] ?? 0) ^ 1;
    await expect(openPhoto(key, altered)).rejects.toThrow(UnreadablePhotoError);
    await expect(openPhoto(key, sealed.slice(0, -1))).rejects.toThrow(UnreadablePhotoError);
    const other = sealed.slice();
    other[0] = 2;
    await expect(openPhoto(key, other)).rejects.toThrow(UnreadablePhotoError);
  });
});

describe('bytes', () => {
  it('base64url matches the RFC for every length, both ways', () => {
    for (let n = 0; n < 40; n += 1) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = toBase64Url(bytes);
      expect(text).toBe(
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      );
      expect([...fromBase64Url(text)]).toEqual([...bytes]);
    }
    expect(() => fromBase64Url('ab$c')).toThrow();
  });

  it('Crockford base32 round-trips 32 bytes as 52 characters, and refuses other lengths', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 101) & 255);
    const text = toCrockford(bytes);
    expect(text.replace(/-/g, '')).toHaveLength(52);
    expect([...(fromCrockford(text, 32) ?? [])]).toEqual([...bytes]);
    expect(fromCrockford(text.slice(0, -1), 32)).toBeNull();
    expect(fromCrockford(`${text}0`, 32)).toBeNull();
    expect(fromCrockford(text.replace(/^./, 'U'), 32)).toBeNull();
  });
});
