import { readFile } from 'node:fs/promises';
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
/** How the portal writes MB in English: two decimals and thousands separators. */
const mb = (bytes: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / MB);

describe('usage in Chromium: traffic through a generated line shows on the dashboard and both /usage tabs', () => {
  let mailbox: SmtpCapture;
  let server: ServerProcess;
  let target: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    server = await startServerProcess({ SMTP_URL: mailbox.url });
    target = createServer((req, res) => {
      res.writeHead(200, { 'content-length': String(7 * MB) });
      res.end(Buffer.alloc(7 * MB, 0x62));
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
    context = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await saveFailureArtifacts(page, task.name, server.logs);
    await context.close();
  });

  it('a 7 MB download through the first generated line → the exact bytes on the dashboard, the change record, the detail and the CSV', async () => {
    const { token } = await signedInCustomer(page, server.url, mailbox, 'usage');
    await buyTraffic(server.url, token, 1);
    const username = `useuser${Date.now().toString(36)}`.slice(0, 20);
    expect(
      (await apiCall(server.url, token, 'POST', '/auth/passadd', { username, traffic: '0.5' })).code,
    ).toBe(0);

    await page.goto(`${server.url}/client/residential`);
    const output = page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const firstLine = (await output.inputValue()).split('\n')[0] ?? '';
    const port = (target.address() as AddressInfo).port;
    const { body, movedBytes } = await fetchThroughLine(firstLine, port, '/big');
    expect(body.length).toBeGreaterThan(7 * MB);

    // The gateway flushes every 500 ms here: wait until the server has billed exactly what moved.
    await expect
      .poll(
        async () => {
          const list = await apiCall(server.url, token, 'GET', '/auth/sublist', { search: username });
          return (list.data as { list: { traffic_used_bytes: number }[] }).list[0]?.traffic_used_bytes;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(movedBytes);

    // Dashboard: today's and the 30-day totals, the top sub-account, the account's traffic used.
    await page.goto(`${server.url}/client/dashboard`);
    await expect.poll(() => page.getByTestId('dashboard-total-today').textContent()).toBe(mb(movedBytes));
    expect(await page.getByTestId('dashboard-total-30d').textContent()).toBe(mb(movedBytes));
    await expect.poll(() => page.getByTestId(`dashboard-top-sub-${username}`).isVisible()).toBe(true);
    expect(await page.getByTestId('dashboard-freshness').getAttribute('data-freshness')).toBe('today');
    await page.getByTestId('dashboard-usage-chart').waitFor();

    // Change record: the purchase and the 500 MB allocation, both sides.
    await page.goto(`${server.url}/client/usage`);
    const changes = page.getByTestId('traffic-changes-table');
    await expect.poll(() => changes.textContent()).toContain(username);
    const changesText = (await changes.textContent()) ?? '';
    expect(changesText).toContain('+1,000.00');
    expect(changesText).toContain('+500.00');
    expect(changesText).toContain('-500.00');

    // Usage detail: the day's row for the sub-account, the range total, the CSV with exact MB.
    await page.getByTestId('usage-tab-details').click();
    const details = page.getByTestId('traffic-details-table');
    await expect.poll(() => details.textContent()).toContain(username);
    expect(await details.textContent()).toContain(mb(movedBytes));
    expect(await page.getByTestId('usage-total-mb').textContent()).toBe(mb(movedBytes));
    await page.getByTestId('usage-chart').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('usage-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^traffic-details-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toBe('period_utc,subaccount,source_ip,upload_mb,download_mb,total_mb,requests');
    const row = rows.find((line) => line.includes(username))?.split(',');
    expect(row?.[5]).toBe((movedBytes / MB).toFixed(6));
    expect(row?.[6]).toBe('1');
  });
});
