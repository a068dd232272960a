import { defineConfig } from 'vitest/config';

// Three tiers, one runner: pure unit tests, integration tests through buildApp() + inject()
// against real databases, and browser tests against the built server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'],
          environment: 'node',
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
    ],
  },
});
