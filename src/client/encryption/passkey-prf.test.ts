import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toBase64Url } from './bytes.ts';
import {
  createPasskey,
  PASSKEY_CANCELLED,
  PASSKEY_UNSUPPORTED,
  PasskeyError,
  passkeyOutput,
} from './passkey-prf.ts';

// What the app asks of WebAuthn for a passkey's PRF output, against a fake navigator.credentials
// (the browser spec drives Chromium's virtual authenticator): the options sent, the second
// ceremony for an authenticator that only says it can, and the words for what goes wrong.

/** A PublicKeyCredential as a browser answers it: its raw id and its extensions' results. */
class FakeCredential {
  readonly rawId: ArrayBuffer;
  readonly prf: AuthenticationExtensionsPRFOutputs | undefined;
  constructor(rawId: ArrayBuffer, prf: AuthenticationExtensionsPRFOutputs | undefined) {
    this.rawId = rawId;
    this.prf = prf;
  }
  getClientExtensionResults(): AuthenticationExtensionsClientOutputs {
    return this.prf ? { prf: this.prf } : {};
  }
}

const RAW_ID = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
const ID = toBase64Url(RAW_ID);
const OUTPUT = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const PRF = toBase64Url(Uint8Array.from({ length: 32 }, (_, i) => i));

const answer = (prf?: AuthenticationExtensionsPRFOutputs) =>
  new FakeCredential(RAW_ID.slice().buffer, prf);

let create: ReturnType<typeof vi.fn>;
let get: ReturnType<typeof vi.fn>;
/** What the first create and get asked for. */
const created = () =>
  (create.mock.calls[0]?.[0] as CredentialCreationOptions | undefined)?.publicKey;
const asked = () => (get.mock.calls[0]?.[0] as CredentialRequestOptions | undefined)?.publicKey;

beforeEach(() => {
  create = vi.fn();
  get = vi.fn();
  vi.stubGlobal('PublicKeyCredential', FakeCredential);
  vi.stubGlobal('navigator', { credentials: { create, get } });
  vi.stubGlobal('location', { hostname: 'muse.example' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a new passkey', () => {
  it('asks for a verified passkey of this site with the PRF input, and takes its output', async () => {
    create.mockResolvedValue(answer({ enabled: true, results: { first: OUTPUT.slice().buffer } }));
    const made = await createPasskey('Ada', PRF);
    expect(made.credential).toBe(ID);
    expect([...made.output]).toEqual([...OUTPUT]);
    const publicKey = created();
    expect(publicKey).toMatchObject({
      rp: { name: 'Müse', id: 'muse.example' },
      user: { name: 'Ada', displayName: 'Ada' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    expect(publicKey?.user.id).toHaveProperty('byteLength', 16);
    expect(publicKey?.challenge).toHaveProperty('byteLength', 32);
    const first = publicKey?.extensions?.prf?.eval?.first as Uint8Array;
    expect(toBase64Url(first)).toBe(PRF);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks the new passkey once more when it only said it can (prf.enabled)', async () => {
    create.mockResolvedValue(answer({ enabled: true }));
    get.mockResolvedValue(answer({ results: { first: OUTPUT } }));
    const made = await createPasskey('Ada', PRF);
    expect([...made.output]).toEqual([...OUTPUT]);
    expect(get).toHaveBeenCalledTimes(1);
    const publicKey = asked();
    expect(publicKey?.allowCredentials?.map((c) => toBase64Url(c.id as Uint8Array))).toEqual([ID]);
    const input = publicKey?.extensions?.prf?.evalByCredential?.[ID]?.first as Uint8Array;
    expect(toBase64Url(input)).toBe(PRF);
  });

  it('says so when the passkey cannot give an output, and asks nothing more', async () => {
    create.mockResolvedValue(answer({ enabled: false }));
    await expect(createPasskey('Ada', PRF)).rejects.toThrow(PASSKEY_UNSUPPORTED);
    create.mockResolvedValue(answer(undefined));
    await expect(createPasskey('Ada', PRF)).rejects.toThrow(PASSKEY_UNSUPPORTED);
    expect(get).not.toHaveBeenCalled();
  });

  it('says the prompt was cancelled when the person cancels it (NotAllowedError)', async () => {
    create.mockRejectedValue(new DOMException('The operation either timed out', 'NotAllowedError'));
    const refused = createPasskey('Ada', PRF);
    await expect(refused).rejects.toBeInstanceOf(PasskeyError);
    await expect(refused).rejects.toThrow(PASSKEY_CANCELLED);
  });
});

describe('unlocking with a passkey', () => {
  const passkeys = [
    { credential: toBase64Url(Uint8Array.from({ length: 20 }, () => 7)), prf: PRF },
    { credential: ID, prf: toBase64Url(Uint8Array.from({ length: 32 }, () => 9)) },
  ];

  it('offers every passkey, each with its own input, and names the one used', async () => {
    get.mockResolvedValue(answer({ results: { first: OUTPUT } }));
    const used = await passkeyOutput(passkeys);
    expect(used.credential).toBe(ID);
    expect([...used.output]).toEqual([...OUTPUT]);
    const publicKey = asked();
    expect(publicKey).toMatchObject({ rpId: 'muse.example', userVerification: 'required' });
    expect(publicKey?.allowCredentials?.map((c) => toBase64Url(c.id as Uint8Array))).toEqual(
      passkeys.map((p) => p.credential),
    );
    const byCredential = publicKey?.extensions?.prf?.evalByCredential ?? {};
    expect(
      Object.fromEntries(
        Object.entries(byCredential).map(([id, v]) => [id, toBase64Url(v.first as Uint8Array)]),
      ),
    ).toEqual(Object.fromEntries(passkeys.map((p) => [p.credential, p.prf])));
  });

  it('tells a cancelled prompt and a passkey without an output apart', async () => {
    get.mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    await expect(passkeyOutput(passkeys)).rejects.toThrow(PASSKEY_CANCELLED);
    get.mockResolvedValue(answer({}));
    await expect(passkeyOutput(passkeys)).rejects.toThrow(PASSKEY_UNSUPPORTED);
  });
});
