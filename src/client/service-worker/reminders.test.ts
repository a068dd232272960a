import { describe, expect, it, vi } from 'vitest';
import { listenForReminders } from './reminders.ts';

// A tap on a reminder opens Müse, on this origin only, whatever the push said.

type Handler = (event: unknown) => void;

function workerAt(origin: string, openWindows: string[] = []) {
  const handlers = new Map<string, Handler>();
  const opened: string[] = [];
  const navigated: string[] = [];
  const windows = openWindows.map((url) => ({
    url,
    focus: async () => ({ navigate: async (href: string) => navigated.push(href) }),
  }));
  const self = {
    location: new URL(origin),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    clients: {
      matchAll: async () => windows,
      openWindow: async (href: string) => opened.push(href),
    },
  };
  listenForReminders(self as unknown as ServiceWorkerGlobalScope);
  async function tap(url: unknown): Promise<void> {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('notificationclick')?.({
      notification: { close: vi.fn(), data: { url } },
      waitUntil: (promise: Promise<unknown>) => {
        done = promise;
      },
    });
    await done;
  }
  return { tap, opened, navigated };
}

describe('a tap on a reminder', () => {
  it('opens the page the reminder names', async () => {
    const worker = workerAt('https://muse.example');
    await worker.tap('/answer/today');
    expect(worker.opened).toEqual(['https://muse.example/answer/today']);
  });

  it('brings an open Müse forward on that page instead of opening another', async () => {
    const worker = workerAt('https://muse.example', ['https://muse.example/home']);
    await worker.tap('/answer/today');
    expect(worker.opened).toEqual([]);
    expect(worker.navigated).toEqual(['https://muse.example/answer/today']);
  });

  it.each([
    ['another site', 'https://elsewhere.example/login'],
    ['a path that names another host', '//elsewhere.example/login'],
    ['a script', 'javascript:alert(1)'],
    ['nothing', undefined],
  ])('given %s, opens today’s prompt on this origin', async (_what, url) => {
    const worker = workerAt('https://muse.example');
    await worker.tap(url);
    expect(worker.opened).toEqual(['https://muse.example/answer/today']);
  });
});
