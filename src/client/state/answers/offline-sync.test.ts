import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/api/call.ts';
import type { OfflineSaveResponse } from '#client/api/offline.ts';
import { buildAnswer, buildPrompt } from '#client/test-support/fixtures.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { OwnUser } from '#shared/api/users.ts';
import { onSessionLost } from '../session-lost.ts';
import {
  defaultUser,
  emptyOfflineRecord,
  initialPersistedState,
  initialTransientState,
  type OfflineRecord,
} from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { recordOffline } from './offline-fallback.ts';
import {
  MAX_PER_SYNC,
  mergeById,
  offlinePayload,
  recordToSend,
  remainingAfterSync,
  syncOfflineRecord,
} from './offline-sync.ts';
import { deleteAnswer, saveAnswer } from './writes.ts';

const TODAY = { year: 2026, month: 3, day: 5 };
const NOW = () => new Date(2026, 2, 5, 12);

function user(fields: Partial<OwnUser> = {}): OwnUser {
  return { ...defaultUser(TODAY), _id: 'u1', ...fields };
}

function record(fields: Partial<OfflineRecord>): OfflineRecord {
  return { ...emptyOfflineRecord(), beenOffline: true, ...fields };
}

/** A send whose answer the test decides, and that counts how many are on their way at once. */
function controlledSend() {
  let busy = 0;
  const calls: { userId: string; offline: unknown; today: unknown }[] = [];
  const pending: { resolve: (r: OfflineSaveResponse) => void; reject: (e: unknown) => void }[] = [];
  const stats = { most: 0 };
  const send = vi.fn((userId: string, offline: unknown, today: unknown) => {
    calls.push({ userId, offline, today });
    busy += 1;
    stats.most = Math.max(stats.most, busy);
    return new Promise<OfflineSaveResponse>((resolve, reject) => {
      pending.push({
        resolve: (r) => {
          busy -= 1;
          resolve(r);
        },
        reject: (e) => {
          busy -= 1;
          reject(e);
        },
      });
    });
  });
  return { send, calls, pending, stats };
}

/** Lets queued promise callbacks run until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
}

describe('recordToSend and offlinePayload', () => {
  it('sends input fields only, and leaves out what the server takes no null for', () => {
    const answer = buildAnswer({ text: 'Rain', likes: 3, shared: true });
    const prompt = buildPrompt({ status: 'submitted', user_id: 'u1' });
    const payload = offlinePayload(record({ answered: [answer], created: [prompt] }));
    expect(payload).toEqual({
      beenOffline: true,
      answered: [
        {
          _id: answer._id,
          prompt_id: answer.prompt_id,
          prompt_title: answer.prompt_title,
          text: 'Rain',
          type: 'paragraph',
          categories: [],
          answered: answer.answered,
          modified: answer.modified,
          user_id: 'u1',
          // Decision 013: the revision the text was written from (0: new to the server).
          base_revision: 0,
        },
      ],
      created: [
        {
          _id: prompt._id,
          title: prompt.title,
          categories: prompt.categories,
          type: 'paragraph',
          user_id: 'u1',
        },
      ],
      deleted: [],
      streak: undefined,
      longestStreak: undefined,
      score: undefined,
      last: null,
    });
    // JSON drops the undefined fields: the server's optional numbers are never null.
    expect(JSON.parse(JSON.stringify(payload))).not.toHaveProperty('streak');
  });

  it('sends the streak the device counted', () => {
    const payload = offlinePayload(
      record({ streak: 2, longestStreak: 4, score: 7, last: '2026-03-05' }),
    );
    expect(payload).toMatchObject({ streak: 2, longestStreak: 4, score: 7, last: '2026-03-05' });
  });

  it('cuts a record longer than the server takes into several syncs', () => {
    const deleted = Array.from({ length: MAX_PER_SYNC.deleted + 2 }, (_, i) => `d${i}`);
    const { sent, complete } = recordToSend(record({ deleted }));
    expect(complete).toBe(false);
    expect(sent.deleted).toHaveLength(MAX_PER_SYNC.deleted);
    expect(remainingAfterSync(record({ deleted }), sent).deleted).toEqual(['d1000', 'd1001']);
    expect(recordToSend(record({ deleted: ['x'] })).complete).toBe(true);
  });
});

describe('remainingAfterSync', () => {
  it('is empty (and not offline) when nothing changed while the record was away', () => {
    const sent = record({
      answered: [buildAnswer()],
      created: [buildPrompt()],
      deleted: ['gone'],
      streak: 1,
      longestStreak: 1,
      score: 2,
      last: '2026-03-05',
    });
    expect(remainingAfterSync(sent, sent)).toEqual(emptyOfflineRecord());
  });

  it('keeps what was recorded while the record was away', () => {
    const first = buildAnswer({ text: 'one' });
    const sent = record({ answered: [first], streak: 1, longestStreak: 1, last: '2026-03-04' });
    let current = recordOffline(sent, { kind: 'answer-save', answer: { ...first, text: 'two' } });
    current = recordOffline(current, { kind: 'answer-delete', answerId: 'other' });
    current = recordOffline(current, {
      kind: 'streak',
      fields: { streak: 2, longestStreak: 2, score: 0, last: '2026-03-05' },
    });
    const left = remainingAfterSync(current, sent);
    expect(left.beenOffline).toBe(true);
    expect(left.answered.map((a) => a.text)).toEqual(['two']);
    expect(left.deleted).toEqual(['other']);
    expect(left).toMatchObject({ streak: 2, last: '2026-03-05' });
  });
});

describe('mergeById', () => {
  it("takes the server's list but keeps local changes and local removals since sending", () => {
    const a = buildAnswer({ text: 'a' });
    const b = buildAnswer({ text: 'b' });
    const c = buildAnswer({ text: 'c' });
    const before = [a, b, c];
    const editedA = { ...a, text: 'a, edited later' };
    const added = buildAnswer({ text: 'new' });
    const now = [editedA, c, added];
    const server = [
      { ...a, text: 'a from server' },
      { ...b, text: 'b from server' },
      { ...c, text: 'c from server' },
    ];
    const merged = mergeById(server, before, now, new Set(), new Set());
    expect(merged.map((x) => x.text)).toEqual(['a, edited later', 'c from server', 'new']);
  });
});

describe('syncOfflineRecord', () => {
  const realFetch = globalThis.fetch;
  let sessionLost: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    setState({ ...initialPersistedState(TODAY), ...initialTransientState(), user: user() });
    sessionLost = vi.fn<() => void>();
    onSessionLost(sessionLost);
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function serverCopy(answers: Answer[]): OfflineSaveResponse {
    return { user: user({ streak: 1, last: '2026-03-05' }), answers, myPrompts: [] };
  }

  it('sends nothing when the user was never offline', async () => {
    const { send } = controlledSend();
    expect(await syncOfflineRecord(send, NOW)).toBe('nothing to send');
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the record with the local day and takes the server's copy on success", async () => {
    const mine = buildAnswer({ text: 'Written offline' });
    const prompt = buildPrompt({ status: 'submitted', user_id: 'u1' });
    setState({
      answers: [mine],
      myPrompts: [prompt],
      offline: record({ answered: [mine], created: [prompt], streak: 1, last: '2026-03-05' }),
    });
    const { send, calls, pending } = controlledSend();
    const done = syncOfflineRecord(send, NOW);
    await until(() => pending.length === 1);
    expect(calls[0]).toMatchObject({
      userId: 'u1',
      today: TODAY,
      offline: { answered: [{ _id: mine._id, text: 'Written offline' }], streak: 1 },
    });
    const fromServer = { ...mine, modified: '2026-03-05T11:00:00.000Z', score: 1 };
    pending[0]?.resolve({ ...serverCopy([fromServer]), myPrompts: [prompt] });
    expect(await done).toBe('synced');
    const state = getState();
    expect(state.answers).toEqual([fromServer]);
    expect(state.user).toMatchObject({ streak: 1, last: '2026-03-05', answered: [mine._id] });
    expect(state.offline).toEqual(emptyOfflineRecord());
    expect(state.loaded).toMatchObject({ answers: true, myPrompts: true });
  });

  it('keeps the record on failure, and reports a lost session on a 401', async () => {
    const mine = buildAnswer({ text: 'Kept' });
    const kept = record({ answered: [mine] });
    setState({ answers: [mine], offline: kept });
    const failing = vi.fn(async () => {
      throw new ApiError(0, 'Network error');
    });
    expect(await syncOfflineRecord(failing, NOW)).toBe('failed');
    expect(getState().offline).toBe(kept);
    expect(getState().answers).toEqual([mine]);
    expect(sessionLost).not.toHaveBeenCalled();

    const refused = vi.fn(async () => {
      throw new ApiError(401, 'Please sign in');
    });
    expect(await syncOfflineRecord(refused, NOW)).toBe('failed');
    expect(getState().offline).toBe(kept);
    expect(sessionLost).toHaveBeenCalledOnce();
  });

  it('never sends two at once; a call meanwhile sends again after the first', async () => {
    const mine = buildAnswer({ text: 'Once' });
    setState({ answers: [mine], offline: record({ answered: [mine] }) });
    const { send, pending, stats } = controlledSend();
    const first = syncOfflineRecord(send, NOW);
    const second = syncOfflineRecord(send, NOW);
    expect(second).toBe(first);
    await until(() => pending.length === 1);
    // The first attempt fails (still offline); the call made meanwhile tries once more.
    pending[0]?.reject(new ApiError(0, 'offline'));
    await until(() => pending.length === 2);
    pending[1]?.resolve(serverCopy([mine]));
    expect(await first).toBe('synced');
    expect(send).toHaveBeenCalledTimes(2);
    expect(stats.most).toBe(1);
  });

  it('keeps an answer edited while the record was away, when its own save fails too', async () => {
    const v1 = buildAnswer({ user_id: 'u1', text: 'First words' });
    setState({ answers: [v1], offline: record({ answered: [v1] }) });
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { send, pending } = controlledSend();
    const done = syncOfflineRecord(send, NOW);
    await until(() => pending.length === 1);
    const v2 = saveAnswer({ ...v1, text: 'First words, and more' });
    // The server applied v1 and answers with it; v2's own save fails behind the sync.
    pending[0]?.resolve(serverCopy([v1]));
    expect(await done).toBe('synced');
    await until(() => getState().offline.answered.some((a) => a.text === v2.text));
    expect(getState().answers.map((a) => a.text)).toEqual(['First words, and more']);
    expect(getState().offline.beenOffline).toBe(true);
    expect(getState().offline.answered).toEqual([v2]);
  });

  it('keeps an edit and a delete made while the record was away, when they reach the server', async () => {
    const v1 = buildAnswer({ user_id: 'u1', text: 'Draft' });
    const old = buildAnswer({ user_id: 'u1', text: 'Old' });
    setState({ answers: [v1, old], offline: record({ answered: [v1] }) });
    const bodies: string[] = [];
    globalThis.fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = String(init?.body);
      bodies.push(body);
      const answer = (JSON.parse(body) as { answer?: Answer }).answer;
      return new Response(JSON.stringify(answer ? { answer } : { ok: true }));
    }) as typeof fetch;
    const { send, pending } = controlledSend();
    const done = syncOfflineRecord(send, NOW);
    await until(() => pending.length === 1);
    saveAnswer({ ...v1, text: 'Draft, finished' });
    deleteAnswer(old._id);
    // They wait in the write queue behind the sync, whose answer predates them.
    expect(bodies).toEqual([]);
    pending[0]?.resolve(serverCopy([v1, old]));
    expect(await done).toBe('synced');
    await until(() => bodies.length === 2);
    await until(() => getState().offline.beenOffline === false);
    expect(getState().answers.map((a) => a.text)).toEqual(['Draft, finished']);
    expect(getState().offline).toEqual(emptyOfflineRecord());
  });

  it('ignores the answer if the user changed while it was away', async () => {
    const mine = buildAnswer();
    const kept = record({ answered: [mine] });
    setState({ answers: [mine], offline: kept });
    const { send, pending } = controlledSend();
    const done = syncOfflineRecord(send, NOW);
    await until(() => pending.length === 1);
    setState({ user: user({ _id: 'u2' }), answers: [] });
    pending[0]?.resolve(serverCopy([mine]));
    await done;
    expect(getState().answers).toEqual([]);
    expect(getState().offline).toBe(kept);
  });
});
