import { startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/**
 * The usual set-up of a journey file: a real SMTP capture, the real server (as `npm start` runs it)
 * and Chromium for the whole file; a fresh English browser context per test, and a screenshot with
 * the server log when a test fails. Call it inside `describe`.
 */
export function useJourney(extraEnv: Record<string, string> = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.mailbox = await startSmtpCapture();
    journey.server = await startServerProcess({ SMTP_URL: journey.mailbox.url, ...extraEnv });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser.close();
    await journey.server.stop();
    await journey.mailbox.close();
  });
  beforeEach(async () => {
    journey.context = await journey.browser.newContext({ locale: 'en-US' });
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
