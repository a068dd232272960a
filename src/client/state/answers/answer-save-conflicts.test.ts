import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAnswer } from '#client/test-support/fixtures.ts';
import type { Answer } from '#shared/api/answers.ts';
import {
  defaultUser,
  emptyOfflineRecord,
  initialPersistedState,
  initialTransientState,
} from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { conflictFor, removeConflict } from './answer-conflicts.ts';
import { COPY_KEPT_MESSAGE, syncOfflineRecord } from './offline-sync.ts';
import { saveAnswerAndSend } from './writes.ts';

// Decision 013 in the one write path: a save refused with 409 never goes to the offline record;
// the merge rule takes the side that alone changed, or keeps both for the dialog.

const TODAY = { year: 2026, month: 3, day: 5 };
type SentAnswer = { text: string; base_revision: number };

/** A server holding `stored`; saves from its revision apply, others get a 409. */
function fakeServer(stored: Answer) {
  let current = { ...stored };
  const sent: SentAnswer[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const answer = (JSON.parse(String(init?.body)) as { answer: SentAnswer }).answer;
    sent.push(answer);
    if (answer.base_revision !== current.revision && answer.text !== current.text) {
      return new Response(JSON.stringify({ error: 'changed', answer: current }), { status: 409 });
    }
    if (answer.base_revision === current.revision) {
      current = { ...current, text: answer.text, revision: (current.revision ?? 0) + 1 };
    }
    return new Response(JSON.stringify({ answer: current }));
  });
  return { fetch, sent, current: () => current };
}

describe('saving an answer from an older revision (409)', () => {
  const realFetch = globalThis.fetch;
  let base: Answer;

  beforeEach(() => {
    base = buildAnswer({ user_id: 'u1', text: 'A', revision: 1 });
    setState({
      ...initialPersistedState(TODAY),
      ...initialTransientState(),
      user: { ...defaultUser(TODAY), _id: 'u1' },
      answers: [base],
    });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    removeConflict(base._id);
  });

  it('keeps both texts for the dialog when both devices changed it, and records nothing offline', async () => {
    const server = fakeServer({ ...base, text: 'A … B', revision: 2 });
    globalThis.fetch = server.fetch as typeof fetch;
    const { sent } = saveAnswerAndSend({ ...base, text: 'A and C' }, { baseText: 'A' });
    expect(await sent).toBe('conflict');
    expect(conflictFor(base._id)).toMatchObject({
      mine: { text: 'A and C' },
      theirs: { text: 'A … B', revision: 2 },
      baseText: 'A',
    });
    expect(server.current().text).toBe('A … B');
    expect(getState().offline.answered).toEqual([]);
  });

  it('sends its text again from the server revision when only this device changed the words', async () => {
    // The revision moved (a save whose answer was lost), the words did not.
    const server = fakeServer({ ...base, text: 'A', revision: 2 });
    globalThis.fetch = server.fetch as typeof fetch;
    const { sent } = saveAnswerAndSend({ ...base, text: 'A and C' }, { baseText: 'A' });
    expect(await sent).toBe('saved');
    expect(server.sent.map((a) => a.base_revision)).toEqual([1, 2]);
    expect(server.current()).toMatchObject({ text: 'A and C', revision: 3 });
    expect(conflictFor(base._id)).toBeNull();
    expect(getState().answers[0]).toMatchObject({ text: 'A and C', revision: 3 });
  });

  it('sends a save made before the previous one came back from the revision that one made', async () => {
    const server = fakeServer(base);
    globalThis.fetch = server.fetch as typeof fetch;
    const first = saveAnswerAndSend({ ...base, text: 'A, 1' }, { baseText: 'A' });
    // Typed on before the first answer arrived: the draft still names revision 1.
    const second = saveAnswerAndSend({ ...base, text: 'A, 1, 2' }, { baseText: 'A' });
    expect(await first.sent).toBe('saved');
    expect(await second.sent).toBe('saved');
    expect(server.sent.map((a) => a.base_revision)).toEqual([1, 2]);
    expect(server.current()).toMatchObject({ text: 'A, 1, 2', revision: 3 });
  });
});

describe('the offline sync and revisions', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('continues from the revision the sync wrote, and says so when the server kept a copy', async () => {
    const user = { ...defaultUser(TODAY), _id: 'u1' };
    const written = buildAnswer({ user_id: 'u1', text: 'Offline words', revision: 4 });
    const copied = buildAnswer({ user_id: 'u1', text: 'Other offline words', revision: 1 });
    setState({
      ...initialPersistedState(TODAY),
      ...initialTransientState(),
      user,
      answers: [written, copied],
      offline: { ...emptyOfflineRecord(), beenOffline: true, answered: [written, copied] },
    });
    const send = vi.fn(async () => ({
      user,
      answers: [
        { ...written, revision: 5 },
        { ...copied, text: 'The server kept its own words', revision: 3 },
      ],
      myPrompts: [],
      copies: [{ answer_id: copied._id, copy_id: `${copied._id}-copy-x` }],
    }));
    expect(await syncOfflineRecord(send, () => new Date(2026, 2, 5, 12))).toBe('synced');
    expect(getState().status?.message).toBe(COPY_KEPT_MESSAGE);

    // The editor, still on revision 4, saves more: it is sent from the sync's revision 5.
    const server = fakeServer({ ...written, revision: 5 });
    globalThis.fetch = server.fetch as typeof fetch;
    const { sent } = saveAnswerAndSend(
      { ...written, text: 'Offline words, and more' },
      { baseText: 'Offline words' },
    );
    expect(await sent).toBe('saved');
    expect(server.sent.map((a) => a.base_revision)).toEqual([5]);
  });
});
