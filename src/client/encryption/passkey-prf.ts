import { fromBase64Url, toBase64Url } from './bytes.ts';

// A passkey's side of its wrap (docs/ENCRYPTION.md, *Keys*): WebAuthn's PRF extension gives 32
// bytes that only that passkey, with its person's fingerprint, face or screen lock, gives again
// for the same input. The journal's key is wrapped by them in keys.ts. The server verifies no
// assertion: the session exists already, and the passkey is a key source on this device only.

/** Why a passkey gave no PRF output, in words for the person. */
export class PasskeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyError';
  }
}

export const PASSKEY_CANCELLED =
  'The passkey was not used: the prompt was cancelled or timed out. Please try again.';
export const PASSKEY_UNSUPPORTED =
  'This passkey cannot unlock your journal: its device does not support it.';
export const PASSKEY_FAILED = 'The passkey could not be used. Please try again.';

/** What a passkey gave: its raw id and its PRF output for the input asked. */
export type PrfOutput = { credential: string; output: Uint8Array<ArrayBuffer> };

/** Whether this browser has WebAuthn at all (a passkey may still lack PRF). */
export function passkeysAvailable(): boolean {
  return (
    typeof window !== 'undefined' && 'PublicKeyCredential' in window && !!navigator.credentials
  );
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

function failure(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  // Cancelled, timed out, or (in Chromium) a passkey the person did not verify: all one name.
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return new PasskeyError(PASSKEY_CANCELLED);
  }
  if (error instanceof DOMException && error.name === 'NotSupportedError') {
    return new PasskeyError(PASSKEY_UNSUPPORTED);
  }
  return new PasskeyError(PASSKEY_FAILED);
}

function publicKeyOf(credential: Credential | null): PublicKeyCredential {
  if (!(credential instanceof PublicKeyCredential)) throw new PasskeyError(PASSKEY_FAILED);
  return credential;
}

function outputOf(credential: PublicKeyCredential): PrfOutput | null {
  const first = credential.getClientExtensionResults().prf?.results?.first;
  if (!first) return null;
  const bytes =
    first instanceof ArrayBuffer
      ? new Uint8Array(first)
      : new Uint8Array(first.buffer, first.byteOffset, first.byteLength);
  return { credential: toBase64Url(new Uint8Array(credential.rawId)), output: bytes.slice() };
}

/**
 * Asks one of `passkeys` for its PRF output (each for its own `prf` input); the answer names
 * which one was used. PasskeyError when none was, or it gave no output.
 */
export async function passkeyOutput(
  passkeys: readonly { credential: string; prf: string }[],
): Promise<PrfOutput> {
  try {
    const used = publicKeyOf(
      await navigator.credentials.get({
        publicKey: {
          challenge: random(32),
          rpId: location.hostname,
          allowCredentials: passkeys.map((passkey) => ({
            type: 'public-key',
            id: fromBase64Url(passkey.credential),
          })),
          userVerification: 'required',
          extensions: {
            prf: {
              evalByCredential: Object.fromEntries(
                passkeys.map((passkey) => [
                  passkey.credential,
                  { first: fromBase64Url(passkey.prf) },
                ]),
              ),
            },
          },
        },
      }),
    );
    const output = outputOf(used);
    if (!output) throw new PasskeyError(PASSKEY_UNSUPPORTED);
    return output;
  } catch (error) {
    throw failure(error);
  }
}

/**
 * A new passkey for this site and `name`'s account, and its PRF output for `prf`. Some
 * authenticators only say at creation that they can (`prf.enabled`): the output is then asked
 * once with the new passkey. PasskeyError when it cannot give one.
 */
export async function createPasskey(name: string, prf: string): Promise<PrfOutput> {
  const first = fromBase64Url(prf);
  let created: PublicKeyCredential;
  try {
    created = publicKeyOf(
      await navigator.credentials.create({
        publicKey: {
          rp: { name: 'Müse', id: location.hostname },
          user: { id: random(16), name, displayName: name },
          challenge: random(32),
          pubKeyCredParams: [
            { type: 'public-key', alg: -7 },
            { type: 'public-key', alg: -257 },
          ],
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
          extensions: { prf: { eval: { first } } },
        },
      }),
    );
  } catch (error) {
    throw failure(error);
  }
  const output = outputOf(created);
  if (output) return output;
  const credential = toBase64Url(new Uint8Array(created.rawId));
  if (!created.getClientExtensionResults().prf?.enabled) {
    forgetPasskey(credential);
    throw new PasskeyError(PASSKEY_UNSUPPORTED);
  }
  try {
    return await passkeyOutput([{ credential, prf }]);
  } catch (error) {
    forgetPasskey(credential);
    throw error;
  }
}

/**
 * Tells the browser's passkey manager that Müse no longer knows `credential` (removed, or made
 * but unable to unlock), so it can stop offering it. Where the browser cannot, nothing happens.
 */
export function forgetPasskey(credential: string): void {
  if (!('signalUnknownCredential' in PublicKeyCredential)) return;
  PublicKeyCredential.signalUnknownCredential({
    rpId: location.hostname,
    credentialId: credential,
  }).catch(() => undefined);
}
