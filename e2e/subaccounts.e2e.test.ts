import { startSmtpCapture, type SmtpCapture } from '@resiport/testkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, saveFailureArtifacts } from './support/browser';
import { apiCall, buyTraffic, signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { startServerProcess, type ServerProcess } from './support/server-process';

const GB = 1_000_000_000;

describe('sub-accounts and the IP whitelist in Chromium', () => {
  let mailbox: SmtpCapture;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mailbox = await startSmtpCapture();
    server = await startServerProcess({ SMTP_URL: mailbox.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
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

  const mainTrafficLeft = async (token: string) =>
    ((await apiCall(server.url, token, 'GET', '/user/info')).data as { traffic_left_bytes: number })
      .traffic_left_bytes;

  async function addSubaccount(username: string): Promise<void> {
    await page.goto(`${server.url}/client/proxysetting/subaccount`);
    await page.getByTestId('sub-add').click();
    await page.waitForURL('**/proxysetting/addsub');
    await fillForm(page, { username, traffic: '0.5' });
    await page.getByTestId('sub-add-submit').click();
    await page.waitForURL('**/proxysetting/subaccount');
    await expect.poll(() => page.getByTestId(`sub-row-${username}`).count()).toBe(1);
  }

  it('two sub-accounts get 0.5 GB each; recycling one and deleting the other restores the main account exactly', async () => {
    const { token } = await signedInCustomer(page, server.url, mailbox, 'subs');
    await buyTraffic(server.url, token, 2);
    const suffix = Date.now().toString(36);
    const first = `scraperone${suffix}`.slice(0, 20);
    const second = `scrapertwo${suffix}`.slice(0, 20);

    await addSubaccount(first);
    await addSubaccount(second);
    expect(await mainTrafficLeft(token)).toBe(1 * GB);
    await expect.poll(() => page.getByTestId('main-traffic-left').textContent()).toContain('1.00');

    // Recycle 0.2 GB from the first.
    const firstRow = page.getByTestId(`sub-row-${first}`);
    await firstRow.getByTestId('sub-allocate').click();
    await page.getByTestId('sub-traffic-action').getByText('Recycle', { exact: true }).click();
    await page.getByTestId('sub-traffic-amount').fill('0.2');
    await page.getByTestId('sub-traffic-submit').click();
    await expect.poll(() => mainTrafficLeft(token)).toBe(1.2 * GB);
    await expect.poll(() => firstRow.textContent()).toContain('0.30');

    // Delete the second: the confirmation says what returns; its 0.5 GB goes back.
    await page.getByTestId(`sub-row-${second}`).getByTestId('sub-delete').click();
    const confirmation = page.locator('.ant-popover, .ant-modal').filter({ hasText: '0.50' }).last();
    await confirmation.waitFor();
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByTestId(`sub-row-${second}`).count()).toBe(0);
    await expect.poll(() => mainTrafficLeft(token)).toBe(1.7 * GB);

    // Recycle the rest of the first: the main account has all 2 GB again, to the byte.
    await firstRow.getByTestId('sub-allocate').click();
    await page.getByTestId('sub-traffic-action').getByText('Recycle', { exact: true }).click();
    await page.getByTestId('sub-traffic-amount').fill('0.3');
    await page.getByTestId('sub-traffic-submit').click();
    await expect.poll(() => mainTrafficLeft(token)).toBe(2 * GB);
    await expect.poll(() => page.getByTestId('header-traffic').textContent()).toContain('2.00');
  });

  it("refuses a duplicate username with 'Username Exist' on the field", async () => {
    const { token } = await signedInCustomer(page, server.url, mailbox, 'subdup');
    const name = `duplicate${Date.now().toString(36)}`.slice(0, 20);
    expect((await apiCall(server.url, token, 'POST', '/auth/passadd', { username: name })).code).toBe(0);
    await page.goto(`${server.url}/client/proxysetting/addsub`);
    await fillForm(page, { username: name });
    await page.getByTestId('sub-add-submit').click();
    await expect.poll(() => page.getByText('Username Exist').count()).toBeGreaterThan(0);
  });

  it('adds, edits and deletes whitelist IPs (and refuses a malformed one)', async () => {
    await signedInCustomer(page, server.url, mailbox, 'whitelist');
    await page.goto(`${server.url}/client/proxysetting/whitelist`);
    await page.getByTestId('whitelist-add').click();
    await page.getByTestId('whitelist-ip').fill('256.1.1.1');
    await page.getByTestId('whitelist-submit').click();
    await expect.poll(() => page.getByText('Enter an IPv4 address').count()).toBeGreaterThan(0);
    await page.getByTestId('whitelist-ip').fill('203.0.113.9');
    await page.getByTestId('whitelist-remark').fill('office');
    await page.getByTestId('whitelist-submit').click();
    const table = page.getByTestId('whitelist-table');
    await expect.poll(() => table.textContent()).toContain('203.0.113.9');

    await table.getByTestId('whitelist-edit').first().click();
    await page.getByTestId('whitelist-ip').fill('2001:DB8:0:0::9');
    await page.getByTestId('whitelist-submit').click();
    await expect.poll(() => table.textContent()).toContain('2001:db8::9');

    await table.getByTestId('whitelist-delete').first().click();
    await page
      .locator('.ant-popover, .ant-modal')
      .last()
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect.poll(() => table.textContent()).not.toContain('2001:db8::9');
  });
});
