import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedNote } from '#client/screens/answer/use-shared-edit.tsx';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import type { Answer } from '#shared/api/answers.ts';
import { defaultUser, initialPersistedState, initialTransientState } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import {
  beginSharedEdit,
  keepWorldCopy,
  resetSharedEdits,
  sharedEditChoice,
  updateWorldCopy,
} from './shared-copy.ts';
import { WORLD_TOO_FAST } from './world-actions.ts';

// Decision 015: a private save of a shared answer reaches the world only in a session where the
// person chose "Update".

const TODAY = { year: 2026, month: 3, day: 5 };

/** The world's calls this device made: /api/answer/share/update bodies, in order. */
function fakeWorld() {
  const sent: { answer_id: string; text: string }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(String(url)).toBe('/api/answer/share/update');
    const body = JSON.parse(String(init?.body)) as { answer_id: string; text: string };
    sent.push(body);
    const answer = getState().answers.find((a) => a._id === body.answer_id);
    return new Response(JSON.stringify({ answer: { ...answer, sharedText: body.text } }));
  });
  return { fetch, sent };
}

/** A save as the write path records it: the answers list takes the new text. */
function saveLocally(answerId: string, text: string) {
  setState((s) => ({ answers: s.answers.map((a) => (a._id === answerId ? { ...a, text } : a)) }));
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('the world copy of a shared answer while it is edited', () => {
  const realFetch = globalThis.fetch;
  let shared: Answer;
  let world: ReturnType<typeof fakeWorld>;

  beforeEach(() => {
    shared = buildAnswer({ user_id: 'u1', text: 'Old', shared: true, sharedText: 'Old' });
    setState({
      ...initialPersistedState(TODAY),
      ...initialTransientState(),
      user: { ...defaultUser(TODAY), _id: 'u1', name: 'Ada' },
      answers: [shared],
    });
    world = fakeWorld();
    globalThis.fetch = world.fetch as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    resetSharedEdits();
  });

  it('sends nothing while the session has not chosen, or chose to keep the world’s copy', async () => {
    beginSharedEdit(shared._id);
    expect(sharedEditChoice(shared._id)).toBe('ask');
    saveLocally(shared._id, 'Private one');
    keepWorldCopy(shared._id);
    saveLocally(shared._id, 'Private two');
    await settle();
    expect(world.sent).toEqual([]);
  });

  it('on Update sends the saved text, then every later save, each text once', async () => {
    beginSharedEdit(shared._id);
    saveLocally(shared._id, 'Saved before choosing');
    expect(await updateWorldCopy(shared._id)).toBe(true);
    saveLocally(shared._id, 'Saved after');
    await settle();
    // The server's copy of the answer came back: same text, nothing sent again.
    setState((s) => ({ answers: s.answers.map((a) => ({ ...a })) }));
    await settle();
    expect(world.sent).toEqual([
      { answer_id: shared._id, text: 'Saved before choosing' },
      { answer_id: shared._id, text: 'Saved after' },
    ]);
    expect(getState().answers[0]?.sharedText).toBe('Saved after');
  });

  it('a new session asks again and sends nothing until chosen', async () => {
    beginSharedEdit(shared._id);
    await updateWorldCopy(shared._id);
    beginSharedEdit(shared._id);
    expect(sharedEditChoice(shared._id)).toBe('ask');
    saveLocally(shared._id, 'In the new session');
    await settle();
    expect(world.sent).toEqual([]);
  });

  it('a copy refused by the write limits (429) is said calmly and sent again with the next save', async () => {
    beginSharedEdit(shared._id);
    saveLocally(shared._id, 'Too fast');
    globalThis.fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'slow down' }), {
          status: 429,
          headers: { 'Retry-After': '30' },
        }),
    ) as typeof fetch;
    expect(await updateWorldCopy(shared._id)).toBe(false);
    expect(getState().status).toMatchObject({ message: WORLD_TOO_FAST, warning: false });
    globalThis.fetch = world.fetch as typeof fetch;
    saveLocally(shared._id, 'Later');
    await settle();
    expect(world.sent).toEqual([{ answer_id: shared._id, text: 'Later' }]);
  });

  it('never sends an answer that is not shared', async () => {
    setState((s) => ({ answers: s.answers.map((a) => ({ ...a, shared: false })) }));
    beginSharedEdit(shared._id);
    expect(await updateWorldCopy(shared._id)).toBe(false);
    saveLocally(shared._id, 'Private');
    await settle();
    expect(world.sent).toEqual([]);
  });
});

describe('sharedNote', () => {
  it('says where changes go', () => {
    expect(sharedNote('update', 'a', 'b')).toBe('Changes you save go to the world too.');
    expect(sharedNote('keep', 'new', 'old')).toMatch(/earlier version/);
    expect(sharedNote('ask', 'same', 'same')).toBeNull();
    expect(sharedNote('ask', 'text', undefined)).toBeNull();
  });
});
