import { describe, expect, it } from 'vitest';
import type { PasscodeLock } from '#shared/api/users.ts';
import { initialPersistedState } from '../store/app-state.ts';
import { loadSavedState, restoreState, STATE_VERSION, STORAGE_KEY } from '../store/persistence.ts';
import {
  afterMiss,
  describeWait,
  MAX_WAIT_MS,
  msLeft,
  msToNextSecond,
  readBackoff,
  waitAfter,
  writeBackoff,
} from './passcode-backoff.ts';
import { passcodeMatches } from './passcode-check.ts';

// The lock screen (decision 014): the device checks a code against the server's PBKDF2 hash,
// never a clear code, and wrong codes slow down.

/**
 * A lock as the server makes one: node:crypto's pbkdf2Sync('4721', '0123456789abcdef', 1000,
 * 32, 'sha256'), few iterations to stay quick (the client may not import node:).
 */
function serverLock(): PasscodeLock {
  return {
    algorithm: 'PBKDF2-SHA256',
    iterations: 1000,
    salt: btoa('0123456789abcdef'),
    hash: 'esC3NRPCQJWW8wPQg5fXhuh/9IKz+CPh9+723RJPjmY=',
  };
}

describe('checking a passcode with WebCrypto', () => {
  it('matches the code the server hashed and nothing else', async () => {
    const lock = serverLock();
    expect(await passcodeMatches('4721', lock)).toBe(true);
    for (const wrong of ['4722', '1274', '0000', '472', '47210', '']) {
      expect(await passcodeMatches(wrong, lock)).toBe(false);
    }
  });

  it('uses the stored salt and iterations', async () => {
    const lock = serverLock();
    expect(await passcodeMatches('4721', { ...lock, iterations: 999 })).toBe(false);
    expect(await passcodeMatches('4721', { ...lock, salt: 'c2FsdA==' })).toBe(false);
    expect(await passcodeMatches('4721', { ...lock, hash: 'not base64!' })).toBe(false);
  });
});

describe('backing off after wrong codes', () => {
  it('gives three tries, then waits 1 s, doubling, at most 15 minutes', () => {
    expect([0, 1, 2].map(waitAfter)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(waitAfter)).toEqual([1000, 2000, 4000, 8000]);
    expect(waitAfter(40)).toBe(MAX_WAIT_MS);
    let backoff = { failures: 0, until: 0 };
    for (let miss = 0; miss < 3; miss += 1) backoff = afterMiss(backoff, 10_000);
    expect(msLeft(backoff, 10_000)).toBe(1000);
    expect(msLeft(backoff, 10_600)).toBe(400);
    expect(msLeft(backoff, 11_000)).toBe(0);
  });

  it('words the wait calmly', () => {
    expect(describeWait(400)).toBe('1\u00a0s');
    expect(describeWait(4000)).toBe('4\u00a0s');
    expect(describeWait(128_000)).toBe('2\u00a0min 8\u00a0s');
    expect(describeWait(120_000)).toBe('2\u00a0min');
  });

  it('counts down one whole second at a time', () => {
    // A wait of 2 s shows "2 s" for a second, then "1 s" for a second.
    expect(msToNextSecond(2000)).toBe(1000);
    expect(msToNextSecond(1000)).toBe(1000);
    // Part of a second left: tick when the shown seconds change, not a whole second later.
    expect(msToNextSecond(1999)).toBe(999);
    expect(msToNextSecond(1500)).toBe(500);
    expect(msToNextSecond(1)).toBe(1);
  });

  it('survives a reload through storage and forgets itself at zero', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    } as unknown as Storage;
    writeBackoff(storage, { failures: 4, until: 123 });
    expect(readBackoff(storage)).toEqual({ failures: 4, until: 123 });
    writeBackoff(storage, { failures: 0, until: 0 });
    expect(data.size).toBe(0);
    data.set('muse-passcode-backoff', '{broken');
    expect(readBackoff(storage)).toEqual({ failures: 0, until: 0 });
  });
});

describe('a saved clear passcode', () => {
  it('is dropped when an older state is restored; a lock is kept', () => {
    const today = { year: 2026, month: 3, day: 5 };
    const base = initialPersistedState(today);
    const withClear = { ...base, user: { ...base.user, _id: 'abc123', code: '4721' } };
    const raw = JSON.stringify({ version: STATE_VERSION, state: withClear });
    const restored = restoreState(raw, today);
    expect(restored?.user._id).toBe('abc123');
    expect(restored?.user.code).toBeNull();
    expect(JSON.stringify(restored)).not.toContain('4721');
    const lock = serverLock();
    const withLock = { ...base, user: { ...base.user, _id: 'abc123', code: lock } };
    expect(
      restoreState(JSON.stringify({ version: STATE_VERSION, state: withLock }), today)?.user.code,
    ).toEqual(lock);
  });

  it('is wiped from local storage as soon as the state is restored', async () => {
    const today = { year: 2026, month: 3, day: 5 };
    const base = initialPersistedState(today);
    const data = new Map<string, string>([
      [
        STORAGE_KEY,
        JSON.stringify({
          version: STATE_VERSION,
          state: { ...base, user: { ...base.user, _id: 'abc123', code: '4721' } },
        }),
      ],
    ]);
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    } as unknown as Storage;
    expect((await loadSavedState(storage, today))?.user._id).toBe('abc123');
    expect(data.get(STORAGE_KEY)).not.toContain('4721');
    expect(data.get(STORAGE_KEY)).toContain('abc123');
  });
});
