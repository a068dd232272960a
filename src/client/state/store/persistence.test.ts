import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import { memoryStorage } from '#client/test-support/memory-storage.ts';
import { initialPersistedState } from './app-state.ts';
import {
  createThrottledSaver,
  loadSavedState,
  restoreState,
  STATE_VERSION,
  STORAGE_KEY,
  serialiseState,
  writeState,
} from './persistence.ts';

const today = { year: 2026, month: 3, day: 5 };

function savedState() {
  const initial = initialPersistedState(today);
  // Tagged, on the list and in the offline record: a reload keeps an entry's tags (issue 35).
  const tagged = buildAnswer({ text: 'Written offline', tags: ['train', 'Berlin trip'] });
  return {
    ...initial,
    user: { ...initial.user, _id: 'abc123', streak: 4, score: 12 },
    answers: [buildAnswer({ text: 'Grateful for tea', tags: ['morning'] }), tagged],
    offline: { ...initial.offline, beenOffline: true, answered: [tagged] },
    // A world card with the photos shared with it (decision 062).
    world: {
      ...initial.world,
      sharedAnswers: [
        {
          ...buildAnswer({ text: 'Shared with a photo' }),
          shared: true as const,
          photos: [{ url: '/media/pictures/abc.webp', width: 800, height: 600 }],
        },
      ],
    },
    prompts: [buildPrompt()],
    category: 'Gratitude',
  };
}

describe('restoreState', () => {
  it('gives back exactly what was saved', () => {
    const state = savedState();
    expect(restoreState(serialiseState(state), today)).toEqual(state);
  });

  it('has nothing to restore when nothing was saved', () => {
    expect(restoreState(null, today)).toBeNull();
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['JSON but not an object', '[1,2,3]'],
    ['a bare string', '"hello"'],
    ['an envelope without a version', JSON.stringify({ state: savedState() })],
    ['an old, unversioned state', JSON.stringify(savedState())],
    ['a version with no migration path', JSON.stringify({ version: 0, state: savedState() })],
    ['a version from the future', JSON.stringify({ version: STATE_VERSION + 1, state: {} })],
    ['an envelope whose state is not an object', JSON.stringify({ version: 1, state: 'x' })],
  ])('discards %s', (_label, raw) => {
    expect(restoreState(raw, today)).toBeNull();
  });

  it('puts defaults in place of broken fields and keeps the rest', () => {
    const state = savedState();
    const raw = JSON.stringify({
      version: STATE_VERSION,
      state: { ...state, categories: 'Gratitude', search: 42, todayPrompt: { id: 7 } },
    });
    const restored = restoreState(raw, today);
    const defaults = initialPersistedState(today);
    expect(restored?.categories).toEqual(defaults.categories);
    expect(restored?.search).toBe('');
    expect(restored?.todayPrompt).toEqual(defaults.todayPrompt);
    expect(restored?.answers).toEqual(state.answers);
    expect(restored?.user.streak).toBe(4);
  });

  it('drops broken answers from the list but keeps the good ones', () => {
    const good = buildAnswer({ text: 'Kept' });
    const raw = JSON.stringify({
      version: STATE_VERSION,
      state: { answers: [good, { text: 'no id' }, null, 'x', { ...good, _id: '' }] },
    });
    expect(restoreState(raw, today)?.answers).toEqual([good]);
  });

  it('fills fields an answer lacks rather than losing the answer', () => {
    const { likes: _likes, likers: _likers, ...partial } = buildAnswer({ text: 'Old shape' });
    const raw = JSON.stringify({ version: STATE_VERSION, state: { answers: [partial] } });
    const [answer] = restoreState(raw, today)?.answers ?? [];
    expect(answer?.text).toBe('Old shape');
    expect(answer?.likes).toBe(0);
    expect(answer?.likers).toEqual([]);
  });

  it('treats a user without a valid id as no user, so start-up makes a new one', () => {
    const state = savedState();
    const raw = JSON.stringify({
      version: STATE_VERSION,
      state: { ...state, user: { ...state.user, _id: 'has spaces and ;' } },
    });
    const restored = restoreState(raw, today);
    expect(restored?.user._id).toBe('');
    expect(restored?.answers).toHaveLength(2);
  });

  it('never restores transient or admin data', () => {
    const raw = JSON.stringify({
      version: STATE_VERSION,
      state: {
        ...savedState(),
        adminData: { users: [1] },
        status: { message: 'x' },
        sideMenu: true,
      },
    });
    const restored = restoreState(raw, today) as Record<string, unknown>;
    expect(restored.adminData).toBeUndefined();
    expect(restored.status).toBeUndefined();
    expect(restored.sideMenu).toBeUndefined();
  });
});

describe('loadSavedState', () => {
  afterEach(() => vi.restoreAllMocks());

  it('removes a value it cannot read, so it cannot trip the next start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage({ [STORAGE_KEY]: '{broken' });
    expect(await loadSavedState(storage, today)).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('reads what writeState wrote', async () => {
    const storage = memoryStorage();
    const state = savedState();
    writeState(storage, state);
    expect(await loadSavedState(storage, today)).toEqual(state);
  });

  it('copes with storage that throws on read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage();
    storage.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(await loadSavedState(storage, today)).toBeNull();
  });
});

describe('writeState', () => {
  afterEach(() => vi.restoreAllMocks());

  it('only warns when the storage is full (never console.error, never throws)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => writeState(storage, savedState())).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('createThrottledSaver', () => {
  afterEach(() => vi.useRealTimers());

  it('saves at most once a second, with the latest state', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const saver = createThrottledSaver(save, 1000);
    saver.schedule();
    saver.schedule();
    vi.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    saver.schedule();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledOnce();
    saver.schedule();
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does nothing while nothing changed', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    createThrottledSaver(save, 1000);
    vi.advanceTimersByTime(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('flushes a pending save at once (pagehide) and not twice', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    const saver = createThrottledSaver(save, 1000);
    saver.schedule();
    saver.flush();
    expect(save).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(2000);
    expect(save).toHaveBeenCalledOnce();
    saver.flush();
    expect(save).toHaveBeenCalledOnce();
  });
});
