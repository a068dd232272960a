// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getState, resetAppStore, setState } from './app-store.ts';
import { adoptLocalCipher, type LocalCipher, sealWordsFor } from './local-words.ts';
import { startPersisting } from './persist-store.ts';
import { STORAGE_KEY } from './persistence.ts';

const savedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state?.user;
const savedId = () => savedUser()?._id;

describe('startPersisting', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
    localStorage.clear();
    resetAppStore();
  });

  it('saves a change within the second, not at once', () => {
    vi.useFakeTimers();
    stop = startPersisting(localStorage);
    setState((s) => ({ user: { ...s.user, _id: 'ada' } }));
    setState((s) => ({ user: { ...s.user, streak: 3 } }));
    expect(savedUser()?.streak).not.toBe(3);
    vi.advanceTimersByTime(1000);
    expect(savedUser()?.streak).toBe(3);
  });

  it('saves a new person at once: a page opened in the next second knows who this is', () => {
    vi.useFakeTimers();
    stop = startPersisting(localStorage);
    setState((s) => ({ user: { ...s.user, _id: 'ada' } }));
    expect(savedId()).toBe('ada');
    setState((s) => ({ user: { ...s.user, _id: '' } }));
    expect(savedId()).toBe('');
    expect(getState().user._id).toBe('');
  });

  it('saves at once when the page is hidden', () => {
    vi.useFakeTimers();
    stop = startPersisting(localStorage);
    setState((s) => ({ user: { ...s.user, _id: 'ada' } }));
    setState((s) => ({ user: { ...s.user, streak: 5 } }));
    window.dispatchEvent(new Event('pagehide'));
    expect(savedUser()?.streak).toBe(5);
  });

  it("seals an encrypted account's state off the main thread while the app runs, and at once as the page goes", async () => {
    vi.useFakeTimers();
    // A stand-in key that says which way it sealed (the real one is encryption/local-key.ts).
    const cipher: LocalCipher = {
      seal: vi.fn(() => 'sealed1:now'),
      sealAsync: vi.fn(async () => 'sealed1:soon'),
      open: () => '{}',
      openAsync: async () => '{}',
    };
    setState((s) => ({ user: { ...s.user, _id: 'ada', encryption: true } }));
    sealWordsFor('ada');
    adoptLocalCipher('ada', cipher);
    stop = startPersisting(localStorage);
    const sealedPart = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').sealed;
    vi.mocked(cipher.seal).mockClear();

    setState((s) => ({ user: { ...s.user, streak: 3 } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sealedPart()).toBe('sealed1:soon');
    expect(cipher.seal).not.toHaveBeenCalled();

    setState((s) => ({ user: { ...s.user, streak: 4 } }));
    window.dispatchEvent(new Event('pagehide'));
    expect(sealedPart()).toBe('sealed1:now');
    // The sealing begun before the page went is not written over the last save.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sealedPart()).toBe('sealed1:now');
  });
});
