import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openWorldLive, REOPEN_MAX_MS, REOPEN_MS, type WorldLiveHandlers } from './world-live.ts';

// What the client does when a live stream ends or is refused (issue 34 point 5).

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.made.push(this);
  }
  /** The server answered 200: the stream is open. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** The stream ended or dropped: EventSource resumes it itself, with Last-Event-ID. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** The server refused it (429, 503): EventSource gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const handlers = (): WorldLiveHandlers & { resets: number } => {
  const counted = {
    resets: 0,
    answer: () => {},
    changed: () => {},
    loves: () => {},
    removed: () => {},
    reset: () => {
      counted.resets += 1;
    },
  };
  return counted;
};
const latest = () => FakeEventSource.made.at(-1) as FakeEventSource;

describe('openWorldLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('leaves a stream that ended to EventSource, which resumes it with Last-Event-ID', () => {
    const listening = handlers();
    const stop = openWorldLive(listening);
    latest().accept();
    // The server ends the stream at its lifetime: no new EventSource (it would forget the last
    // id and lose what happens until it opens), no reset (the replay brings what was missed).
    latest().drop();
    vi.advanceTimersByTime(10 * REOPEN_MAX_MS);
    expect(FakeEventSource.made).toHaveLength(1);
    expect(listening.resets).toBe(0);
    stop();
    expect(latest().closed).toBe(true);
  });

  it('after refusals, waits longer each time up to a minute, then looks again once open', () => {
    const listening = handlers();
    const stop = openWorldLive(listening);
    const waits: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const before = FakeEventSource.made.length;
      latest().refuse();
      let waited = 0;
      while (FakeEventSource.made.length === before) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([
      REOPEN_MS,
      2 * REOPEN_MS,
      4 * REOPEN_MS,
      8 * REOPEN_MS,
      REOPEN_MAX_MS,
      REOPEN_MAX_MS,
    ]);
    // Open at last: the screen compares its list with the first page, and the wait starts over.
    latest().accept();
    expect(listening.resets).toBe(1);
    latest().refuse();
    vi.advanceTimersByTime(REOPEN_MS);
    expect(FakeEventSource.made).toHaveLength(8);
    stop();
  });
});
