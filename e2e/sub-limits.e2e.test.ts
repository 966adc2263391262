import { subEndpoints } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { downloadUntilRefused } from './support/proxy-line';
import { useJourney } from './support/journey-setup';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;

describe('a daily cap in Chromium: set on the edit page, reached through a generated line', () => {
  // Every path answers 400 kB: three downloads reach a 1 MB cap.
  const target = useTargetSite(0.4 * MB, 0x65);
  const journey = useJourney();

  it('set a 1 MB daily cap → download through the generated line until 429 cap_reached → "Cap reached" with traffic still left', async () => {
    const { token } = await signedInCustomer(journey.page, journey.server.url, journey.mailbox, 'subcap');
    await buyTraffic(journey.server.url, token, 1);
    const username = `capuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    expect((await api.call(subEndpoints.add, { username, traffic: '0.1' })).code).toBe(0);
    const page = journey.page;

    // The edit page: type the cap, save, see it kept.
    await page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    await page.getByTestId(`sub-row-${username}`).getByTestId('sub-edit').click();
    await page.waitForURL('**/proxysetting/editsub?id=*');
    await page.getByTestId('sub-limit-daily').fill('0.001');
    await page.getByTestId('sub-limits-save').click();
    await page.getByText('Limits saved').waitFor();
    const saved = (await api.data(subEndpoints.list, { search: username })).list[0];
    expect(saved).toMatchObject({ daily_cap_bytes: MB, monthly_cap_bytes: null, max_connections: null });

    // The generator's first line, used as a customer's tool would, until the gateway refuses it.
    await page.goto(`${journey.server.url}/client/residential`);
    const output = page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const line = (await output.inputValue()).split('\n')[0] ?? '';
    // Behaviour, not a retry: each download is 0.4 MB of the 1 MB, so the gateway refuses by about the
    // third, or a few later as its metering catches up (a download cut mid-way is not the refusal);
    // 20 (8+ MB) means it never refused.
    const { refusal } = await downloadUntilRefused(line, target.port, '/file', 20);
    expect(refusal).toMatch(/proxy refused: HTTP\/1\.1 429/);

    // Stopped by its cap, not its traffic: most of its 100 MB is still there.
    await expect
      .poll(
        async () => (await api.data(subEndpoints.list, { search: username })).list[0]?.used_today_bytes ?? 0,
        {
          timeout: 20_000,
          interval: 500,
        },
      )
      .toBeGreaterThanOrEqual(MB);
    const capped = (await api.data(subEndpoints.list, { search: username })).list[0];
    expect(capped?.traffic_left_bytes).toBeGreaterThan(95 * MB);

    // The list and the edit page say why it stopped.
    await page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    const row = page.getByTestId(`sub-row-${username}`);
    const state = row.getByTestId('sub-limit-state');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('cap_reached');
    expect(await state.textContent()).toBe('Cap reached');
    await row.getByTestId('sub-edit').click();
    await page.waitForURL('**/proxysetting/editsub?id=*');
    await expect.poll(() => page.getByTestId('sub-limits-today').textContent()).toMatch(/ \/ 1\.00 MB$/);

    // The proxy test button names the cap too.
    await page.goto(`${journey.server.url}/client/residential`);
    await page.getByTestId('gen-test').click();
    await expect.poll(() => page.getByTestId('gen-test-result').getAttribute('data-status')).not.toBe('ok');
    await expect
      .poll(() => page.getByTestId('gen-test-result').textContent())
      .toContain('daily or monthly cap');
  });
});
