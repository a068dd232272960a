import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tiers, one runner: pure unit tests, component tests (one screen in one state, in happy-dom),
// integration tests through buildApp() + inject() against real databases, fault tests against
// real server processes, and (Playwright) browser tests.
export default defineConfig({
  test: {
    // Two files at a time even on two cores (Vitest's default there is one): integration files
    // spend most of their time waiting on a database, a socket or a timer, and a second one
    // takes unit, component and integration from 6.0 to 3.7 min here. Each file has its own
    // databases (tests/support/test-db.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: [
            'src/**/*.routes.test.ts',
            'src/**/*.db.test.ts',
            'src/**/*.component.test.tsx',
          ],
          environment: 'node',
        },
      },
      {
        // A screen in one state, rendered by React Testing Library in happy-dom: the app's
        // router and store, the network a fake server (src/client/test-support/fake-server.ts).
        test: {
          name: 'component',
          include: ['src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/client/test-support/component-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        // Real faults against real server processes (docs/RELIABILITY.md): one file at a time,
        // since each drives a whole server, a database server or a proxy.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.fault.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
