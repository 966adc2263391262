import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Four kinds of test, all beside the code they test:
 * unit `*.unit.test.ts` (pure logic), web `apps/web/**\/*.dom.test.tsx` (screens rendered in jsdom
 * against a request mock built from the contract), integration `*.test.ts` (real SQL, real sockets),
 * e2e `e2e/**\/*.e2e.test.ts` (real Chromium against the built app and a real server).
 */
const ignored = ['**/node_modules/**', '**/dist/**', '**/data/**'];

/**
 * Vitest runs one worker fewer than the cores: one on the 2-core CI machine, where a run then took
 * over 50 minutes. The suites wait on sockets, databases, browsers and timers as much as they
 * compute, so a worker more than the cores keeps both busy (integration 12 → 5 minutes there).
 */
const cores = availableParallelism();

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['**/*.unit.test.ts'], exclude: ignored, maxWorkers: cores + 1 } },
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.dom.test.tsx'],
          exclude: ignored,
          environment: 'jsdom',
          maxWorkers: cores + 1,
          isolate: false,
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
          globalSetup: ['apps/server/test/migrated-database.setup.ts'],
          maxWorkers: cores + 1,
          // Hang guards, not speed limits: the heaviest files (100,000 CSV rows, 1,000 argon2 sign-ins)
          // take 10–15 s alone and more than twice that beside two other workers on 2 cores.
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['e2e/support/template-database.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page that renders in a moment here can take seconds on a busy CI machine: a poll's
          // default second once failed a console test whose usage page was still loading.
          expect: { poll: { timeout: 15_000 } },
          // Each file has its own server, gateway, mailbox and Chromium; one per core.
          maxWorkers: Math.max(cores, 2),
        },
      },
    ],
  },
});
