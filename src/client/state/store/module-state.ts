// State that client modules keep of their own, outside the app store (timers, queues, caches of
// this page's work), and how each goes back to a first start. Component tests share every module
// between the tests of a file: resetAppStore() runs these resets after each test, so one test's
// timers and queues do not reach the next. Only tests reset: the app never does (logout keeps
// its own rules). Imports nothing, so any module can register here without an import cycle.

const resets: Array<() => void> = [];

/** Registers how this module's own state goes back to what it is on a first start. */
export function onReset(reset: () => void): void {
  resets.push(reset);
}

/** Runs every registered reset (tests only, through resetAppStore). */
export function resetModuleState(): void {
  for (const reset of resets) reset();
}
