import { defineConfig } from 'vitest/config';

// Two projects: pure and server code on Node, web components in jsdom. Playwright's
// tests/e2e/*.spec.ts are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/core/**/*.test.ts', 'src/server/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['src/server/test-support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test-support/setup.ts'],
        },
      },
    ],
    // The machine has two cores.
    maxWorkers: 2,
  },
});
