import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/api/call.ts';
import { readDraft, scheduleDraft } from '../answers/answer-drafts.ts';
import { latestOwnRevision, noteOwnRevision } from '../answers/own-revisions.ts';
import { noteRetryLater, onRetryAfterPressure } from '../answers/write-pressure.ts';
import { resetAppStore } from './app-store.ts';

// Component tests share modules between the tests of a file: what one test leaves in a module
// of its own (a timer, a queue, a map) must be gone for the next, as on a first start.

describe('resetAppStore: modules with state of their own start over too', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a waiting draft, a pending retry and this device’s revisions, timers included', () => {
    vi.useFakeTimers();
    // answer-drafts.ts: a draft waiting for the pause in typing, its timer set.
    scheduleDraft({ answerId: 'a1', text: 'Half a sentence', base: { revision: 1 } });
    // write-pressure.ts: a retry waiting for the server's Retry-After.
    const retry = vi.fn();
    onRetryAfterPressure(retry);
    expect(noteRetryLater(new ApiError(503, 'disk full', 30))).toBe(true);
    // own-revisions.ts: a save of this device moved a1 from revision 1 to 2.
    noteOwnRevision('a1', 1, 2);
    expect(readDraft('a1')?.text).toBe('Half a sentence');
    expect(vi.getTimerCount()).toBe(2);

    resetAppStore();

    expect(readDraft('a1')).toBeNull();
    expect(latestOwnRevision('a1', 1)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60 * 60_000);
    expect(retry).not.toHaveBeenCalled();
  });
});
