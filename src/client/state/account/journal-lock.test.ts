import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postKeyBundle } from '#client/api/encryption.ts';
import { forgetDeviceKeys } from '#client/encryption/device-key.ts';
import {
  createKeyBundle,
  type KeyBundle,
  unlockWithPasskey,
  unlockWithPassword,
  wrapWithPasskey,
} from '#client/encryption/keys.ts';
import { buildUser } from '#client/test-support/fixtures.ts';
import { initialPersistedState, initialTransientState } from '../store/app-state.ts';
import { setState } from '../store/app-store.ts';
import { resetModuleState } from '../store/module-state.ts';
import { bundleForNewPassword, recoverJournal } from './journal-lock.ts';

// Every bundle the device builds again keeps what it does not change: a passkey wraps the same
// data key as the password, so a new password or the recovery key's rewrap must keep it.

let served: KeyBundle | null = null;
vi.mock('#client/api/encryption.ts', () => ({
  fetchKeyBundle: vi.fn(async () => ({ bundle: served })),
  postKeyBundle: vi.fn(async (bundle: KeyBundle | null) => ({ bundle })),
  postForfeitEncrypted: vi.fn(),
}));
// What an unlock sends and loads afterwards is not this file's subject.
vi.mock('../answers/offline-sync.ts', () => ({ syncOfflineRecord: vi.fn(async () => 'synced') }));
vi.mock('./loads.ts', () => ({ loadAnswers: vi.fn(async () => undefined) }));

const TODAY = { year: 2026, month: 3, day: 5 };
const OUTPUT = Uint8Array.from({ length: 32 }, (_, i) => i * 3);

/** An encrypted account whose bundle holds one passkey; its recovery key. */
async function withPasskey(password: string): Promise<string> {
  const { bundle, dataKey, recoveryKey } = await createKeyBundle(password, 1_000);
  const passkey = await wrapWithPasskey(dataKey, {
    credential: 'AQIDBAUGBwgJCgsMDQ4PEBESExQ',
    prf: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
    output: OUTPUT,
  });
  served = { ...bundle, passkeys: [passkey] };
  return recoveryKey;
}

beforeEach(() => {
  const user = buildUser({ name: 'Ada', encryption: true });
  setState({ ...initialPersistedState(TODAY), ...initialTransientState(), user });
});
afterEach(async () => {
  served = null;
  vi.mocked(postKeyBundle).mockClear();
  await forgetDeviceKeys();
  resetModuleState();
});

describe('rewrapping the journal’s key', () => {
  it('for a new password keeps the passkeys, which still open it', async () => {
    await withPasskey('the old password');
    const next = await bundleForNewPassword('the old password', 'the new password');
    if (!next) throw new Error('no bundle');
    expect(next.passkeys).toEqual(served?.passkeys);
    await expect(unlockWithPassword(next, 'the new password')).resolves.toBeTruthy();
    const credential = next.passkeys?.[0]?.credential ?? '';
    await expect(unlockWithPasskey(next, credential, OUTPUT)).resolves.toBeTruthy();
  });

  it('after a reset, by the recovery key for the current password, keeps the passkeys', async () => {
    const recoveryKey = await withPasskey('the forgotten password');
    expect(await recoverJournal(recoveryKey, 'the password now')).toBeNull();
    const sent = vi.mocked(postKeyBundle).mock.calls[0]?.[0];
    if (!sent) throw new Error('nothing sent');
    expect(sent.passkeys).toEqual(served?.passkeys);
    await expect(unlockWithPassword(sent, 'the password now')).resolves.toBeTruthy();
  });
});
