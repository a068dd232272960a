import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepDeviceKey } from '#client/encryption/device-key.ts';
import { openLocalKey } from '#client/encryption/local-key.ts';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import { memoryStorage } from '#client/test-support/memory-storage.ts';
import { initialPersistedState, type PersistedState } from './app-state.ts';
import { resetAppStore } from './app-store.ts';
import {
  keepsWords,
  keptWords,
  localCipher,
  SEALED_PREFIX,
  sealWordsFor,
  wordsToKeep,
} from './local-words.ts';
import {
  joinCarried,
  loadSavedState,
  STORAGE_KEY,
  serialiseState,
  writeState,
} from './persistence.ts';
import { keptTogether } from './sealed-state.ts';

// Issue 37 point 5: what the device keeps of an encrypted account's words is sealed with a
// storage key that only the journal's data key opens.

const today = { year: 2026, month: 3, day: 5 };
const CANARY = 'canary-7f3a-lighthouse';

let storage: Storage;
let userCount = 0;
let userId = '';

function journal(text = CANARY): PersistedState {
  const initial = initialPersistedState(today);
  const written = buildAnswer({ text, tags: ['private-tag'] });
  return {
    ...initial,
    user: { ...initial.user, _id: userId, name: 'ada', encryption: true },
    answers: [written],
    offline: { ...initial.offline, answered: [written] },
  };
}

const dataKey = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  userCount += 1;
  userId = `sealed-user-${userCount}`;
});

afterEach(() => {
  resetAppStore();
  vi.unstubAllGlobals();
});

describe('words kept on the device', () => {
  it('are kept as they are for an account that does not encrypt', () => {
    sealWordsFor(null);
    expect(wordsToKeep(CANARY)).toBe(CANARY);
    writeState(storage, journal());
    expect(storage.getItem(STORAGE_KEY)).toContain(CANARY);
  });

  it('are sealed for an encrypted account, and open again with the key this device keeps', async () => {
    const key = await dataKey();
    await keepDeviceKey(userId, key);
    sealWordsFor(userId);
    const state = journal();
    writeState(storage, state);
    const raw = storage.getItem(STORAGE_KEY) ?? '';
    expect(raw).toContain(SEALED_PREFIX);
    expect(raw).not.toContain(CANARY);
    expect(raw).not.toContain('private-tag');
    // The storage key itself is kept only wrapped.
    expect(JSON.stringify(storage.getItem('muse-local-key'))).not.toMatch(/"raw"/);
    expect(await loadSavedState(storage, today)).toEqual(state);
  });

  it('keep one storage key when two tabs open the journal at the same moment', async () => {
    const key = await dataKey();
    const made = vi.spyOn(storage, 'setItem');
    await Promise.all([openLocalKey(userId, key), openLocalKey(userId, key)]);
    expect(made.mock.calls.filter(([name]) => name === 'muse-local-key')).toHaveLength(1);
  });

  it('are in the format docs/ENCRYPTION.md gives: nonce, then AES-256-GCM with its label', async () => {
    const key = await dataKey();
    await openLocalKey(userId, key);
    sealWordsFor(userId);
    const sealed = wordsToKeep(CANARY) ?? '';
    const stored = JSON.parse(storage.getItem('muse-local-key') ?? '{}');
    const b64 = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const raw = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: b64(stored.iv), additionalData: enc(`muse:local1:${userId}`) },
      key,
      b64(stored.key),
    );
    const storageKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    // sealed1:<length>:<the bytes, 15 bits a character from U+4000>, read bit by bit.
    const [, length = '0', packed = ''] = sealed.split(':');
    const bitString = [...packed]
      .map((c) => ((c.codePointAt(0) ?? 0) - 0x4000).toString(2).padStart(15, '0'))
      .join('');
    const bytes = Uint8Array.from({ length: Number(length) }, (_, i) =>
      Number.parseInt(bitString.slice(i * 8, i * 8 + 8), 2),
    );
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, 12), additionalData: enc('muse:local1') },
      storageKey,
      bytes.slice(12),
    );
    expect(new TextDecoder().decode(plain)).toBe(CANARY);
  });

  it('take about half the room of the words in localStorage, which counts characters', async () => {
    await openLocalKey(userId, await dataKey());
    sealWordsFor(userId);
    const plain = JSON.stringify(journal('a long entry of words '.repeat(20_000)));
    const sealed = wordsToKeep(plain) ?? '';
    expect(sealed.length).toBeLessThan(plain.length * 0.55);
    expect(keptWords(sealed)).toBe(plain);
    // Every length packs and opens back, whatever bits its last character carries.
    for (let n = 0; n < 40; n += 1)
      expect(keptWords(wordsToKeep('é'.repeat(n)) ?? '')).toBe('é'.repeat(n));
  });

  it('open on the next start with the same data key, and not with another', async () => {
    const key = await dataKey();
    await openLocalKey(userId, key);
    sealWordsFor(userId);
    const sealed = wordsToKeep(CANARY) ?? '';
    resetAppStore();
    sealWordsFor(userId);
    expect(keptWords(sealed)).toBeNull();
    await openLocalKey(userId, key);
    expect(keptWords(sealed)).toBe(CANARY);
    await openLocalKey(userId, await dataKey());
    expect(keptWords(sealed)).toBeNull();
  });

  it('are not written while the journal is locked, and what was sealed is carried until it opens', async () => {
    const key = await dataKey();
    await openLocalKey(userId, key);
    sealWordsFor(userId);
    writeState(storage, journal());
    const sealedBefore = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}').sealed;

    // The next start, on a device that does not hold the journal's key.
    resetAppStore();
    const restored = await loadSavedState(storage, today);
    expect(localCipher()).toBeNull();
    expect(restored?.user._id).toBe(userId);
    expect(restored?.answers).toEqual([]);
    // Written again while locked: the sealed copy goes on unchanged, nothing is in words.
    const locked = restored ?? journal();
    expect(serialiseState(locked)).not.toContain(CANARY);
    expect(JSON.parse(serialiseState(locked)).sealed).toBe(sealedBefore);

    // Unlocked: the carried copy opens and joins the state, with the entry written before.
    expect(joinCarried(locked)).toBeNull();
    await openLocalKey(userId, key);
    const joined = joinCarried(locked);
    expect(joined?.offline.answered.map((a) => a.text)).toEqual([CANARY]);
    expect(joined?.user._id).toBe(userId);
    expect(joinCarried(locked)).toBeNull();
  });

  it('are written in words again when encryption is turned off, and not when the person leaves', async () => {
    keepsWords('muse-test-words');
    await openLocalKey(userId, await dataKey());
    sealWordsFor(userId);
    storage.setItem('muse-test-words', wordsToKeep(CANARY) ?? '');
    expect(storage.getItem('muse-test-words')).not.toContain(CANARY);
    // Turned off: the same person's words come back.
    sealWordsFor(null);
    expect(storage.getItem('muse-test-words')).toBe(CANARY);
    sealWordsFor(userId);
    expect(storage.getItem('muse-test-words')?.startsWith(SEALED_PREFIX)).toBe(true);
    // A logout: someone else now, and what the last person kept stays sealed.
    sealWordsFor(null, false);
    expect(storage.getItem('muse-test-words')?.startsWith(SEALED_PREFIX)).toBe(true);
  });

  it('written while locked join what was sealed before, the newer copy of an entry winning', () => {
    const sealedBefore = journal('older words');
    const older = sealedBefore.offline.answered[0];
    if (!older) throw new Error('no entry');
    const newer = { ...older, text: 'newer words', modified: '2099-01-01T00:00:00.000Z' };
    const other = buildAnswer({ text: 'only while locked' });
    const lockedState = {
      ...sealedBefore,
      answers: [],
      offline: { ...sealedBefore.offline, beenOffline: true, answered: [newer, other] },
    };
    const joined = keptTogether(sealedBefore, lockedState);
    // The offline record is sent when the journal opens.
    expect(joined.offline.beenOffline).toBe(true);
    expect(joined.offline.answered.map((a) => a.text)).toEqual([
      'newer words',
      'only while locked',
    ]);
    expect(joined.answers.map((a) => a.text)).toEqual(['older words']);
  });
});

function enc(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}
