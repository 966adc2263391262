import { subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { fetchThroughLine } from './support/proxy-line';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;

describe('the proxy generator in Chromium: a generated line really carries traffic', () => {
  // A site to reach through the proxy: 20 MB on every path.
  const target = useTargetSite(20 * MB, 0x61);
  const journey = useJourney();

  it('generate a list → fetch a page through its first line → the test button and the usage show it', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'generator');
    await buyTraffic(journey.server.url, token, 1);
    const username = `genuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    const sub = await api.call(subEndpoints.add, { username, traffic: '0.5' });
    expect(sub.code).toBe(0);

    await journey.page.goto(`${journey.server.url}/client/residential`);
    const output = journey.page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const firstLine = (await output.inputValue()).split('\n')[0] ?? '';
    expect(firstLine).toMatch(
      new RegExp(`^127\\.0\\.0\\.1:${journey.server.gateway.httpPort}:${username}:[A-Za-z0-9]{16}$`),
    );

    // The default pool's one untagged exit serves no location: a note, no pickers whose lines would be refused.
    await journey.page.getByTestId('gen-location-any-only').waitFor();
    expect(await journey.page.getByTestId('gen-country').count()).toBe(0);

    const { body } = await fetchThroughLine(firstLine, target.port, '/big');
    expect(body.length).toBeGreaterThan(20 * MB);

    await journey.page.getByTestId('gen-test').click();
    await expect
      .poll(() => journey.page.getByTestId('gen-test-result').getAttribute('data-status'))
      .toBe('ok');
    await expect.poll(() => journey.page.getByTestId('gen-test-result').textContent()).toContain('127.0.0.1');

    // The usage reaches the portal: the sub-account's "used" grows past the 20 MB fetched.
    await journey.page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    const row = journey.page.getByTestId(`sub-row-${username}`);
    await expect
      .poll(
        async () => {
          await journey.page.reload();
          const list = await api.data(subEndpoints.list, { search: username });
          return list.list[0]?.traffic_used_bytes ?? 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(20 * MB);
    // Below 1 GB the row reads in MB, two decimals toward zero (apps/web/src/lib/format.ts): 20.xx MB used.
    await expect
      .poll(
        async () => {
          await journey.page.reload();
          return row.textContent();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/(?<![\d.,])20\.\d{2} MB/);
  });
});
