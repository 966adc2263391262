import { readFile } from 'node:fs/promises';
import { subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { fetchThroughLine } from './support/proxy-line';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;
/** How the portal writes MB in English: two decimals and thousands separators. */
const mb = (bytes: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / MB);

describe('usage in Chromium: traffic through a generated line shows on the dashboard and both /usage tabs', () => {
  const target = useTargetSite(7 * MB, 0x62);
  const journey = useJourney({ context: { acceptDownloads: true } });

  it('a 7 MB download through the first generated line → the exact bytes on the dashboard, the change record, the detail and the CSV', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'usage');
    await buyTraffic(journey.server.url, token, 1);
    const username = `useuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    expect((await api.call(subEndpoints.add, { username, traffic: '0.5' })).code).toBe(0);

    await journey.page.goto(`${journey.server.url}/client/residential`);
    const output = journey.page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const firstLine = (await output.inputValue()).split('\n')[0] ?? '';
    const { body, movedBytes } = await fetchThroughLine(firstLine, target.port, '/big');
    expect(body.length).toBeGreaterThan(7 * MB);

    // The gateway flushes every 500 ms here: wait until the server has billed exactly what moved.
    await expect
      .poll(
        async () => {
          const list = await api.data(subEndpoints.list, { search: username });
          return list.list[0]?.traffic_used_bytes;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(movedBytes);

    // Dashboard: today's and the 30-day totals, the top sub-account, the account's traffic used.
    await journey.page.goto(`${journey.server.url}/client/dashboard`);
    await expect
      .poll(() => journey.page.getByTestId('dashboard-total-today').textContent())
      .toBe(mb(movedBytes));
    expect(await journey.page.getByTestId('dashboard-total-30d').textContent()).toBe(mb(movedBytes));
    await expect.poll(() => journey.page.getByTestId(`dashboard-top-sub-${username}`).isVisible()).toBe(true);
    expect(await journey.page.getByTestId('dashboard-freshness').getAttribute('data-freshness')).toBe(
      'today',
    );
    await journey.page.getByTestId('dashboard-usage-chart').waitFor();

    // Change record: the purchase and the 500 MB allocation, both sides.
    await journey.page.goto(`${journey.server.url}/client/usage`);
    const changes = journey.page.getByTestId('traffic-changes-table');
    await expect.poll(() => changes.textContent()).toContain(username);
    const changesText = (await changes.textContent()) ?? '';
    expect(changesText).toContain('+1,000.00');
    expect(changesText).toContain('+500.00');
    expect(changesText).toContain('-500.00');

    // Usage detail: the day's row for the sub-account, the range total, the CSV with exact MB.
    await journey.page.getByTestId('usage-tab-details').click();
    const details = journey.page.getByTestId('traffic-details-table');
    await expect.poll(() => details.textContent()).toContain(username);
    expect(await details.textContent()).toContain(mb(movedBytes));
    expect(await journey.page.getByTestId('usage-total-mb').textContent()).toBe(mb(movedBytes));
    await journey.page.getByTestId('usage-chart').waitFor();

    const [download] = await Promise.all([
      journey.page.waitForEvent('download'),
      journey.page.getByTestId('usage-csv').click(),
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
