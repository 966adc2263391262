import { defineConfig } from 'vitest/config';

/**
 * Four kinds of test, all beside the code they test:
 * unit `*.unit.test.ts` (pure logic), web `apps/web/**\/*.dom.test.tsx` (screens rendered in jsdom
 * against a request mock built from the contract), integration `*.test.ts` (real SQL, real sockets),
 * e2e `e2e/**\/*.e2e.test.ts` (real Chromium against the built app and a real server).
 */
const ignored = ['**/node_modules/**', '**/dist/**', '**/data/**'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.test.ts'], exclude: ignored } },
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.dom.test.tsx'],
          exclude: ignored,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A screen is a lot of antd in jsdom: seconds per test, more on a busy 2-core machine.
          testTimeout: 60_000,
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.test.ts'],
          exclude: [...ignored, '**/*.unit.test.ts', '**/*.e2e.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
