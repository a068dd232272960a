import { test as base } from '@playwright/test';
import { type RunningServer, startServer } from './server.ts';

/**
 * Playwright's `test` with a `server` for the whole worker: one server (startServer, no env)
 * started the first time a spec of the worker asks for it and stopped when the worker ends, so
 * the specs a worker runs one after another share it. Only for specs whose tests make their own
 * people and look only at what those people made: a spec that needs an env of its own, a movable
 * clock, or a world nobody else wrote to keeps its own server (docs/TESTING.md says which).
 */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});
