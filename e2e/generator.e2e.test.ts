import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, saveFailureArtifacts } from './support/browser';
import { apiCall, buyTraffic, signedInCustomer } from './support/customer';
import { fetchThroughLine } from './support/proxy-line';
import { startServerProcess, type ServerProcess } from './support/server-process';

const MB = 1_000_000;

describe('the proxy generator in Chromium: a generated line really carries traffic', () => {
  let mailbox: SmtpCapture;
  let server: ServerProcess;
  let target: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    server = await startServerProcess({ SMTP_URL: mailbox.url });
    // A site to reach through the proxy: 20 MB on /big.
    target = createServer((req, res) => {
      res.writeHead(200, { 'content-length': String(20 * MB) });
      res.end(Buffer.alloc(20 * MB, 0x61));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => target.close(resolve));
    await server.stop();
    await mailbox.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureArtifacts(page, task.name, server.logs);
    await context.close();
  });

  it('generate a list → fetch a page through its first line → the test button and the usage show it', async () => {
    const { token } = await signedInCustomer(page, server.url, mailbox, 'generator');
    await buyTraffic(server.url, token, 1);
    const username = `genuser${Date.now().toString(36)}`.slice(0, 20);
    const sub = await apiCall(server.url, token, 'POST', '/auth/passadd', { username, traffic: '0.5' });
    expect(sub.code).toBe(0);

    await page.goto(`${server.url}/client/residential`);
    const output = page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const firstLine = (await output.inputValue()).split('\n')[0] ?? '';
    expect(firstLine).toMatch(
      new RegExp(`^127\\.0\\.0\\.1:${server.gateway.httpPort}:${username}:[A-Za-z0-9]{16}$`),
    );

    // The default pool's one untagged exit serves no location: a note, no pickers whose lines would be refused.
    await page.getByTestId('gen-location-any-only').waitFor();
    expect(await page.getByTestId('gen-country').count()).toBe(0);

    const port = (target.address() as AddressInfo).port;
    const { body } = await fetchThroughLine(firstLine, port, '/big');
    expect(body.length).toBeGreaterThan(20 * MB);

    await page.getByTestId('gen-test').click();
    await expect.poll(() => page.getByTestId('gen-test-result').getAttribute('data-status')).toBe('ok');
    await expect.poll(() => page.getByTestId('gen-test-result').textContent()).toContain('127.0.0.1');

    // The usage reaches the portal: the sub-account's "used" grows past the 20 MB fetched.
    await page.goto(`${server.url}/client/proxysetting/subaccount`);
    const row = page.getByTestId(`sub-row-${username}`);
    await expect
      .poll(
        async () => {
          await page.reload();
          const list = await apiCall(server.url, token, 'GET', '/auth/sublist', { search: username });
          return (list.data as { list: { traffic_used_bytes: number }[] }).list[0]?.traffic_used_bytes ?? 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(20 * MB);
    await expect.poll(() => row.textContent()).toContain('0.02');
  });
});
