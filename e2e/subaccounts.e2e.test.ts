import { accountEndpoints, subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { fillForm } from './support/journey';
import { useJourney } from './support/journey-setup';

const GB = 1_000_000_000;

describe('sub-accounts and the IP whitelist in Chromium', () => {
  const journey = useJourney();

  const mainTrafficLeft = async (token: string) =>
    (await customerApi(journey.server.url, token).data(accountEndpoints.userInfo, {})).traffic_left_bytes;

  async function addSubaccount(username: string): Promise<void> {
    await journey.page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    await journey.page.getByTestId('sub-add').click();
    await journey.page.waitForURL('**/proxysetting/addsub');
    await fillForm(journey.page, { username, traffic: '0.5' });
    await journey.page.getByTestId('sub-add-submit').click();
    await journey.page.waitForURL('**/proxysetting/subaccount');
    await expect.poll(() => journey.page.getByTestId(`sub-row-${username}`).count()).toBe(1);
  }

  it('two sub-accounts get 0.5 GB each; recycling one and deleting the other restores the main account exactly', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'subs');
    await buyTraffic(journey.server.url, token, 2);
    const suffix = Date.now().toString(36);
    const first = `scraperone${suffix}`.slice(0, 20);
    const second = `scrapertwo${suffix}`.slice(0, 20);

    await addSubaccount(first);
    await addSubaccount(second);
    expect(await mainTrafficLeft(token)).toBe(1 * GB);
    await expect.poll(() => journey.page.getByTestId('main-traffic-left').textContent()).toContain('1.00');

    // Recycle 0.2 GB from the first.
    const firstRow = journey.page.getByTestId(`sub-row-${first}`);
    await firstRow.getByTestId('sub-allocate').click();
    await journey.page.getByTestId('sub-traffic-action').getByText('Recycle', { exact: true }).click();
    await journey.page.getByTestId('sub-traffic-amount').fill('0.2');
    await journey.page.getByTestId('sub-traffic-submit').click();
    await expect.poll(() => mainTrafficLeft(token)).toBe(1.2 * GB);
    // Below 1 GB amounts read in MB (apps/web/src/lib/format.ts).
    await expect.poll(() => firstRow.textContent()).toContain('300.00 MB');

    // Delete the second: the confirmation says what returns; its 0.5 GB goes back.
    await journey.page.getByTestId(`sub-row-${second}`).getByTestId('sub-delete').click();
    const confirmation = journey.page
      .locator('.ant-popover, .ant-modal')
      .filter({ hasText: '500.00 MB' })
      .last();
    await confirmation.waitFor();
    await confirmation.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => journey.page.getByTestId(`sub-row-${second}`).count()).toBe(0);
    await expect.poll(() => mainTrafficLeft(token)).toBe(1.7 * GB);

    // Recycle the rest of the first: the main account has all 2 GB again, to the byte.
    await firstRow.getByTestId('sub-allocate').click();
    await journey.page.getByTestId('sub-traffic-action').getByText('Recycle', { exact: true }).click();
    await journey.page.getByTestId('sub-traffic-amount').fill('0.3');
    await journey.page.getByTestId('sub-traffic-submit').click();
    await expect.poll(() => mainTrafficLeft(token)).toBe(2 * GB);
    await expect.poll(() => journey.page.getByTestId('header-traffic').textContent()).toContain('2.00');
  });

  it("refuses a duplicate username with 'Username Exist' on the field", async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'subdup');
    const name = `duplicate${Date.now().toString(36)}`.slice(0, 20);
    expect(
      (await customerApi(journey.server.url, token).call(subEndpoints.add, { username: name })).code,
    ).toBe(0);
    await journey.page.goto(`${journey.server.url}/client/proxysetting/addsub`);
    await fillForm(journey.page, { username: name });
    await journey.page.getByTestId('sub-add-submit').click();
    await expect.poll(() => journey.page.getByText('Username Exist').count()).toBeGreaterThan(0);
  });

  it('adds, edits and deletes whitelist IPs (and refuses a malformed one)', async () => {
    await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'whitelist');
    await journey.page.goto(`${journey.server.url}/client/proxysetting/whitelist`);
    await journey.page.getByTestId('whitelist-add').click();
    await journey.page.getByTestId('whitelist-ip').fill('256.1.1.1');
    await journey.page.getByTestId('whitelist-submit').click();
    await expect.poll(() => journey.page.getByText('Enter an IPv4 address').count()).toBeGreaterThan(0);
    await journey.page.getByTestId('whitelist-ip').fill('203.0.113.9');
    await journey.page.getByTestId('whitelist-remark').fill('office');
    await journey.page.getByTestId('whitelist-submit').click();
    const table = journey.page.getByTestId('whitelist-table');
    await expect.poll(() => table.textContent()).toContain('203.0.113.9');

    await table.getByTestId('whitelist-edit').first().click();
    await journey.page.getByTestId('whitelist-ip').fill('2001:DB8:0:0::9');
    await journey.page.getByTestId('whitelist-submit').click();
    await expect.poll(() => table.textContent()).toContain('2001:db8::9');

    await table.getByTestId('whitelist-delete').first().click();
    await journey.page
      .locator('.ant-popover, .ant-modal')
      .last()
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect.poll(() => table.textContent()).not.toContain('2001:db8::9');
  });
});
