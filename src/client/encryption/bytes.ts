// Byte helpers for the encryption format (docs/ENCRYPTION.md): base64url without padding, UTF-8,
// and the recovery key's Crockford base32. Reading base64url uses the browser's own
// Uint8Array.fromBase64 where there is one (Chromium 140+, Firefox 133+, Safari 18.2+): a ten-year
// journal is 5 MB of it to read at each load, which the written-out reader below took most of a
// second for on a slow phone. Older browsers, and Node, use the written-out one.

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_INDEX = new Map([...BASE64URL].map((char, index) => [char, index]));

/** Bytes as base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const chars = i + 1 >= bytes.length ? 2 : i + 2 >= bytes.length ? 3 : 4;
    for (let k = 0; k < chars; k += 1) out += BASE64URL[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

type NativeBase64 = {
  fromBase64?: (text: string, options: { alphabet: 'base64url' }) => Uint8Array<ArrayBuffer>;
};
const native = (Uint8Array as unknown as NativeBase64).fromBase64;

/** base64url (no padding) back to bytes; anything else throws. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!native) return readBase64Url(text);
  if (text.length % 4 === 1 || /[=+/]/.test(text)) throw new Error('Not base64url');
  return native(text, { alphabet: 'base64url' });
}

/** The written-out reader, for browsers without Uint8Array.fromBase64. */
export function readBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 === 1) throw new Error('Not base64url');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of text) {
    const index = BASE64URL_INDEX.get(char);
    if (index === undefined) throw new Error('Not base64url');
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at] = (value >> bits) & 0xff;
      at += 1;
    }
  }
  return bytes;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
export const fromUtf8 = (bytes: ArrayBuffer | Uint8Array): string => decoder.decode(bytes);

/** Crockford's base32: no I, L, O or U, so a key read aloud or copied by hand stays clear. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Bytes as Crockford base32, in groups of four separated by dashes. */
export function toCrockford(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)?.join('-') ?? '';
}

/**
 * Crockford base32 back to `length` bytes. Case, spaces and dashes don't matter, and the
 * letters people confuse read as the digits they look like (O as 0, I and L as 1). Null when
 * it cannot be a key of that length.
 */
export function fromCrockford(text: string, length: number): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (clean.length !== Math.ceil((length * 8) / 5)) return null;
  const bytes = new Uint8Array(length);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of clean) {
    const index = CROCKFORD.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8 && at < length) {
      bits -= 8;
      bytes[at] = (value >> bits) & 0xff;
      at += 1;
    }
  }
  return at === length ? bytes : null;
}
