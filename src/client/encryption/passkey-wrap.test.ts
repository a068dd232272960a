import { describe, expect, it } from 'vitest';
import { toBase64Url } from './bytes.ts';
import {
  createDataKey,
  createKeyBundle,
  createPrfInput,
  type KeyBundle,
  type PasskeyWrap,
  unlockWithPasskey,
  unlockWithPassword,
  WrongKeyError,
  withPasswordWrap,
  wrapWithPasskey,
} from './keys.ts';

// The passkey wrap of docs/ENCRYPTION.md (*Keys*): the data key wrapped under HKDF-SHA256 of a
// passkey's 32-byte PRF output. The document gives no vector (a PRF output comes from an
// authenticator), so the first test makes and opens wraps with WebCrypto calls written from the
// document alone, both ways.

const enc = (text: string) => new TextEncoder().encode(text);
const b64 = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const bytes = (length: number, from: number) =>
  Uint8Array.from({ length }, (_, i) => (from + i * 7) & 255);
const exportRaw = async (key: CryptoKey) =>
  toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', key)));

/** A fast bundle: these tests are not about the password's iteration count. */
const FAST = 1_000;

/** The KEK as the document says: HKDF-SHA256, the wrap's salt, info `muse:passkey1`, 32 bytes. */
async function kekByHand(output: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>) {
  const material = await crypto.subtle.importKey('raw', output, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt, info: enc('muse:passkey1') },
    material,
    256,
  );
  return crypto.subtle.importKey('raw', bits, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** A passkey wrap made by hand from the document, with `label` as the additional data. */
async function wrapByHand(
  raw: Uint8Array<ArrayBuffer>,
  output: Uint8Array<ArrayBuffer>,
  label: string,
): Promise<PasskeyWrap> {
  const salt = bytes(16, 3);
  const iv = bytes(12, 5);
  const kek = await kekByHand(output, salt);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: enc(label) },
    kek,
    raw,
  );
  return {
    kdf: 'WebAuthn-PRF+HKDF-SHA256',
    credential: toBase64Url(bytes(32, 11)),
    prf: createPrfInput(),
    salt: toBase64Url(salt),
    iv: toBase64Url(iv),
    key: toBase64Url(new Uint8Array(sealed)),
    added: '2026-11-28T10:00:00.000Z',
  };
}

async function bundleWith(...passkeys: PasskeyWrap[]): Promise<KeyBundle> {
  const { bundle } = await createKeyBundle('a long password', FAST);
  return { ...bundle, passkeys };
}

describe('the passkey wrap of docs/ENCRYPTION.md', () => {
  const output = bytes(32, 200);

  it('is HKDF-SHA256 over the PRF output and AES-256-GCM with muse:key1:passkey, by hand both ways', async () => {
    // Made by hand, opened by this folder.
    const raw = bytes(32, 0);
    const byHand = await wrapByHand(raw, output, 'muse:key1:passkey');
    const opened = await unlockWithPasskey(await bundleWith(byHand), byHand.credential, output);
    expect(opened.extractable).toBe(false);
    const check = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: bytes(12, 1) }, opened, raw);
    const expected = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: bytes(12, 1) },
      await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']),
      raw,
    );
    expect(toBase64Url(new Uint8Array(check))).toBe(toBase64Url(new Uint8Array(expected)));

    // Made by this folder, opened by hand.
    const dataKey = await createDataKey();
    const prf = createPrfInput();
    const wrap = await wrapWithPasskey(dataKey, {
      credential: 'AAAAAAAAAAAAAAAAAAAAAA',
      prf,
      output,
    });
    expect(wrap).toMatchObject({ kdf: 'WebAuthn-PRF+HKDF-SHA256', prf });
    expect(b64(wrap.prf)).toHaveLength(32);
    expect(b64(wrap.salt)).toHaveLength(16);
    expect(b64(wrap.iv)).toHaveLength(12);
    expect(b64(wrap.key)).toHaveLength(48);
    expect(new Date(wrap.added).toISOString()).toBe(wrap.added);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: b64(wrap.iv), additionalData: enc('muse:key1:passkey') },
      await kekByHand(output, b64(wrap.salt)),
      b64(wrap.key),
    );
    expect(toBase64Url(new Uint8Array(plain))).toBe(await exportRaw(dataKey));
  });

  it('opens only with its own PRF output, never with another or a short one', async () => {
    const dataKey = await createDataKey();
    const wrap = await wrapWithPasskey(dataKey, {
      credential: toBase64Url(bytes(20, 9)),
      prf: createPrfInput(),
      output,
    });
    const bundle = await bundleWith(wrap);
    await expect(unlockWithPasskey(bundle, wrap.credential, output)).resolves.toBeTruthy();
    const other = output.slice();
    other[0] = (other[0] ?? 0) ^ 1;
    await expect(unlockWithPasskey(bundle, wrap.credential, other)).rejects.toBeInstanceOf(
      WrongKeyError,
    );
    await expect(
      unlockWithPasskey(bundle, wrap.credential, output.slice(0, 16)),
    ).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('is bound to the passkey slot: a wrap made for another slot does not open in it', async () => {
    const raw = bytes(32, 0);
    // The same KEK, only the additional data of the password slot.
    const moved = await wrapByHand(raw, output, 'muse:key1:password');
    await expect(
      unlockWithPasskey(await bundleWith(moved), moved.credential, output),
    ).rejects.toBeInstanceOf(WrongKeyError);
    // And the bundle's own password wrap put in a passkey's place.
    const bundle = await bundleWith();
    const { iv, key, salt } = bundle.password;
    const swapped = { ...moved, iv, key, salt };
    await expect(
      unlockWithPasskey({ ...bundle, passkeys: [swapped] }, swapped.credential, output),
    ).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('is found by the raw id the passkey answers with, among several', async () => {
    const dataKey = await createDataKey();
    const outputs = [bytes(32, 1), bytes(32, 2), bytes(32, 3)];
    const wraps = await Promise.all(
      outputs.map((o, i) =>
        wrapWithPasskey(dataKey, {
          credential: toBase64Url(bytes(24, 50 * i)),
          prf: createPrfInput(),
          output: o,
        }),
      ),
    );
    const bundle = await bundleWith(...wraps);
    for (const [i, wrap] of wraps.entries()) {
      const key = await unlockWithPasskey(bundle, wrap.credential, outputs[i] ?? output);
      expect(key).toBeTruthy();
    }
    // The second passkey's output under the third's id, and an id the bundle does not hold.
    await expect(
      unlockWithPasskey(bundle, wraps[2]?.credential ?? '', outputs[1] ?? output),
    ).rejects.toBeInstanceOf(WrongKeyError);
    await expect(
      unlockWithPasskey(bundle, toBase64Url(bytes(24, 99)), outputs[0] ?? output),
    ).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('stays in the bundle, still opening it, when the key is wrapped for a new password', async () => {
    const { bundle, dataKey } = await createKeyBundle('the old password', FAST);
    const wrap = await wrapWithPasskey(dataKey, {
      credential: toBase64Url(bytes(20, 4)),
      prf: createPrfInput(),
      output,
    });
    const rewrapped = await withPasswordWrap(
      { ...bundle, passkeys: [wrap] },
      dataKey,
      'the new password',
    );
    expect(rewrapped.passkeys).toEqual([wrap]);
    expect(rewrapped.recovery).toEqual(bundle.recovery);
    await expect(unlockWithPassword(rewrapped, 'the new password')).resolves.toBeTruthy();
    await expect(unlockWithPasskey(rewrapped, wrap.credential, output)).resolves.toBeTruthy();
  });
});
