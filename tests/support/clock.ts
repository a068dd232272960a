import { vi } from 'vitest';
import { nextHour } from '#shared/domain/hour.ts';

// The server's clock in a test process: only Date is faked (timers, sockets and the databases
// run as ever), and it goes on ticking from where it was set. Every service reads the time with
// `new Date()`, so this is the time the app under test lives in.

/** Sets the clock to `at` and lets it run on from there. */
export function setClock(at: string | Date): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

/**
 * Runs `act` with the clock just past the start of the next UTC hour (the anonymous shares made
 * so far have joined the world, decision 057), then returns to the machine's clock. For looking,
 * not writing: nothing should be left dated in the future for the tests after it.
 */
export async function atTheNextHour<T>(act: () => Promise<T>): Promise<T> {
  return atClock(new Date(Date.parse(nextHour(new Date().toISOString())) + 1_000), act);
}

/** Runs `act` with the clock set to `at`, then returns to the machine's clock. */
export async function atClock<T>(at: string | Date, act: () => Promise<T>): Promise<T> {
  setClock(at);
  try {
    return await act();
  } finally {
    realClock();
  }
}

/** Back to the machine's clock. */
export function realClock(): void {
  vi.useRealTimers();
}

/**
 * Runs `act` with the clock an hour back, then returns to the machine's clock: an anonymous share
 * made in it has joined the world by now (decision 057), and nothing is left dated in the future.
 */
export async function anHourAgo<T>(act: () => Promise<T>): Promise<T> {
  return atClock(new Date(Date.now() - 3_600_000), act);
}
