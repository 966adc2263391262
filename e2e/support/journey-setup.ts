import { startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, saveFailureArtifacts } from './browser';
import { startServerProcess, type ServerProcess } from './server-process';

/** What a journey file works with; filled by the hooks `useJourney` registers. */
export interface Journey {
  mailbox: SmtpCapture;
  server: ServerProcess;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface JourneyOptions {
  /** More server environment; a function when it depends on something a file's own `beforeAll` started. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** `npm run admin` commands run against the server's database before it starts (e.g. a coupon). */
  adminCommands?: string[][];
  /** Options of each test's browser context besides the English locale (e.g. `acceptDownloads`). */
  context?: BrowserContextOptions;
}

/**
 * The usual set-up of a journey file: a real SMTP capture, the real server (as `npm start` runs it)
 * and Chromium for the whole file; a fresh English browser context per test, and a screenshot with
 * the server log when a test fails. Call it inside `describe`, after the file's own `beforeAll`s
 * that `env` reads (their `afterAll`s then run after the server stopped).
 */
export function useJourney(options: JourneyOptions = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    journey.mailbox = await startSmtpCapture();
    journey.server = await startServerProcess(
      { SMTP_URL: journey.mailbox.url, ...env },
      options.adminCommands,
    );
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser.close();
    await journey.server.stop();
    await journey.mailbox.close();
  });
  beforeEach(async () => {
    journey.context = await journey.browser.newContext({ locale: 'en-US', ...options.context });
    journey.page = await journey.context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      await saveFailureArtifacts(journey.page, task.name, journey.server.logs);
    }
    await journey.context.close();
  });
  return journey;
}
