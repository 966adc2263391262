import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { subEndpoints } from '@resiport/contract';
import { extractFirstLink } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTraffic, customerApi, signedInCustomer } from './support/customer';
import { untilPageShown } from './support/journey';
import { useJourney } from './support/journey-setup';
import { downloadUntilRefused } from './support/proxy-line';
import { useTargetSite } from './support/target-site';

const MB = 1_000_000;

/** A customer's own webhook endpoint: keeps every POST it gets and answers 200. */
function useWebhookReceiver() {
  const receiver = { url: '', received: [] as { headers: IncomingHttpHeaders; body: string }[] };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(200).end('received');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/resiport-alerts`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}

/** The recipe the settings page shows, written here from its words: HMAC-SHA256(secret, "t.body"). */
function signatureHolds(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('alerts in Chromium: a cap and an alert, traffic burnt through a generated line', () => {
  // Every path answers 400 kB: a 2 MB sub-account with a 1 MB daily cap stops after about three.
  const target = useTargetSite(0.4 * MB, 0x61);
  const receiver = useWebhookReceiver();
  const journey = useJourney({
    // The receiver is on this machine; deliveries every 300 ms so the test need not wait.
    env: { ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true', ALERT_DELIVERY_INTERVAL_MS: '300' },
  });

  it('alert at 40% by mail and webhook → 1 MB cap → burn through the line → mail, signed webhook, "Cap reached", log delivered', async () => {
    const { token, email } = await signedInCustomer(
      journey.page,
      journey.server.url,
      journey.mailbox,
      'alerts',
    );
    await buyTraffic(journey.server.url, token, 1);
    const username = `alertuser${Date.now().toString(36)}`.slice(0, 20);
    const api = customerApi(journey.server.url, token);
    expect((await api.call(subEndpoints.add, { username, traffic: '0.002' })).code).toBe(0);
    const page = journey.page;

    // Account settings: alerts by email and to the webhook when a sub-account has used 40%.
    await page.goto(`${journey.server.url}/client/account/setting?tab=alerts`);
    const card = page.getByTestId('alerts-card');
    await card.getByTestId('alerts-email').check();
    await card.getByTestId('alerts-webhook').fill(receiver.url);
    await card.getByTestId('alerts-sub-percents').fill('40');
    await card.getByTestId('alerts-save').click();
    await page.getByText('Alerts saved').waitFor();
    const secret = await card.getByTestId('alerts-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);

    // The sub-account's edit page: a 1 MB daily cap.
    await page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    await page.getByTestId(`sub-row-${username}`).getByTestId('sub-edit').click();
    await page.waitForURL('**/proxysetting/editsub?id=*');
    await page.getByTestId('sub-limit-daily').fill('0.001');
    await page.getByTestId('sub-limits-save').click();
    await page.getByText('Limits saved').waitFor();

    // The generator's first line, used until the gateway refuses it at the cap.
    await page.goto(`${journey.server.url}/client/residential`);
    const output = page.getByTestId('gen-output');
    await expect.poll(async () => (await output.inputValue()).split('\n')[0] ?? '').toContain(username);
    const line = (await output.inputValue()).split('\n')[0] ?? '';
    // Behaviour, not a retry: each download is 0.4 MB of the 1 MB, so the gateway refuses by about the
    // third, or a few later as its metering catches up (a download cut mid-way is not the refusal);
    // 20 (8+ MB) means it never refused.
    const { refusal } = await downloadUntilRefused(line, target.port, '/file', 20);
    expect(refusal).toMatch(/proxy refused: HTTP\/1\.1 429/);

    // The mail, through real SMTP.
    const mail = await journey.mailbox.waitForMail({ to: email, subjectIncludes: '40%' }, 20_000);
    expect(mail.subject).toContain(username);
    expect(mail.text).toContain(`Sub-account ${username} has used`);
    // Figures as the portal writes them (MB below 1 GB, two decimals), not the bytes' GB decimal.
    expect(mail.text).toMatch(/has used \d+\.\d{2} MB of 2\.00 MB/);
    // Its link opens the sub-account's page in the portal (not the API's 404).
    await page.goto(extractFirstLink(mail, '/client/proxysetting/editsub'));
    await untilPageShown(page, '/proxysetting/editsub');
    expect(await page.getByTestId('page-content').getAttribute('data-path')).toBe('/proxysetting/editsub');

    // The webhook, signed with the secret the page showed.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const [hook] = receiver.received;
    const body = JSON.parse(hook?.body ?? '{}') as {
      type: string;
      data: { username: string; percent: number };
    };
    expect(body).toMatchObject({ type: 'sub_used', data: { username, percent: 40 } });
    expect(signatureHolds(secret, String(hook?.headers['x-resiport-signature']), hook?.body ?? '')).toBe(
      true,
    );
    expect(receiver.received).toHaveLength(1); // one crossing, one webhook

    // The sub-account stopped at its cap, with traffic still left.
    await page.goto(`${journey.server.url}/client/proxysetting/subaccount`);
    const state = page.getByTestId(`sub-row-${username}`).getByTestId('sub-limit-state');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('cap_reached');

    // The delivery log says both arrived.
    await page.goto(`${journey.server.url}/client/account/setting?tab=alerts`);
    const log = page.getByTestId('alerts-log');
    await expect
      .poll(async () => (await log.getByTestId('alert-delivery-status').allTextContents()).sort())
      .toEqual(['Delivered', 'Delivered']);

    // An account-wide alert's mail (the test alert) links to the dashboard, and the link opens it.
    await page.getByTestId('alerts-card').getByTestId('alerts-test').click();
    const testMail = await journey.mailbox.waitForMail({ to: email, subjectIncludes: 'test alert' }, 20_000);
    await page.goto(extractFirstLink(testMail, '/client/dashboard'));
    await untilPageShown(page, '/dashboard');
  });
});
