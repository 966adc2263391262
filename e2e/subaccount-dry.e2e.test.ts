import { subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { downloadUntilRefused } from './support/proxy-line';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;

describe('a sub-account running dry in Chromium: the gateway refuses it and the portal says so', () => {
  // Every path answers 600 kB: two downloads use up a 1 MB sub-account.
  const target = useTargetSite(0.6 * MB, 0x64);
  const journey = useJourney();

  it('a 1 MB sub-account downloads until the gateway answers 402 → "Out of traffic" in the list, the edit page and the dashboard', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'subdry');
    await buyTraffic(journey.server.url, token, 2);
    const username = `dryuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    expect((await api.call(subEndpoints.add, { username, traffic: '0.001' })).code).toBe(0);
    const created = (await api.data(subEndpoints.list, { search: username })).list[0];
    expect(created?.traffic_left_bytes).toBe(1 * MB);
    const line = `127.0.0.1:${journey.server.gateway.httpPort}:${username}:${created?.password ?? ''}`;

    // Download as a customer's tool would until the gateway refuses the sub-account: 402 no_traffic.
    // Behaviour, not a retry: each download is 0.6 MB of the 1 MB, so the gateway refuses by about the
    // third, or a few later as its metering catches up (a download cut mid-way is not the refusal);
    // 20 (8+ MB) means it never refused.
    const { refusal } = await downloadUntilRefused(line, target.port, '/file', 20);
    expect(refusal).toMatch(/proxy refused: HTTP\/1\.1 402/);

    // The gateway flushes its usage every 500 ms here: wait until the server has nothing left for it.
    await expect
      .poll(
        async () => {
          const sub = (await api.data(subEndpoints.list, { search: username })).list[0];
          return { left: sub?.traffic_left_bytes, usedAll: (sub?.traffic_used_bytes ?? 0) >= 1 * MB };
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual({ left: 0, usedAll: true });

    // The list: the row still reads "Active" (it is enabled) but is marked out of traffic beside it.
    const page = journey.page;
    await page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    const row = page.getByTestId(`sub-row-${username}`);
    const rowState = row.getByTestId('sub-traffic-state');
    await rowState.waitFor();
    expect(await rowState.getAttribute('data-state')).toBe('empty');
    expect(await rowState.textContent()).toBe('Out of traffic');
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('active');
    expect(await row.textContent()).toContain('0.00 MB');

    // The edit page says it too.
    await row.getByTestId('sub-edit').click();
    await page.waitForURL('**/proxysetting/editsub?id=*');
    await expect.poll(() => page.getByTestId('sub-edit-username').textContent()).toBe(username);
    const editState = page.getByTestId('sub-traffic-state');
    await editState.waitFor();
    expect(await editState.getAttribute('data-state')).toBe('empty');
    expect(await editState.textContent()).toBe('Out of traffic');
    expect(await page.getByTestId('sub-edit-left').textContent()).toBe('0.00 MB');

    // The dashboard: the main account still holds almost 2 GB, so the alert names the one
    // sub-account that ran out (not "your traffic has run out"), and the split marks it.
    await page.goto(`${journey.server.url}/client/dashboard`);
    const alert = page.getByTestId('dashboard-low-traffic');
    await alert.waitFor();
    await expect.poll(() => alert.getAttribute('data-level')).toBe('subsEmpty');
    await expect.poll(() => alert.textContent()).toContain(`Sub-account ${username} is out of traffic`);
    const split = page.getByTestId(`dashboard-split-${username}`);
    await split.waitFor();
    expect(await split.getByTestId('sub-traffic-state').textContent()).toBe('Out of traffic');
    expect(await split.textContent()).toContain('0.00 MB');
  });
});
