import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertDelivery, AlertSettings } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  customerWithSub,
  fundAccount,
  fundedCustomer,
  gatewayCall,
  payOrder,
  postForm,
  reportUsage,
  signedInAccount,
  signedInOperator,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { deliverDueAlerts, RETRY_AFTER_SECONDS } from './alert-delivery.service';

const MB = 1_000_000;
const GB = 1_000_000_000;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver: `/ok` answers 200, `/fail` 500 (until told otherwise), `/hang` never. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failing: true };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      if (req.url === '/hang') return;
      if (req.url === '/nul') return void res.writeHead(200).end('ok\0thanks');
      if (req.url === '/fail' && state.failing) res.writeHead(500).end('nope, try later');
      else res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { received, state, url, close };
}

/** The documented recipe, written independently of the server's code: HMAC-SHA256(secret, t.body). */
function verifies(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('alerts: thresholds, events, mail and signed webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const saveAlerts = async (headers: Record<string, string>, values: Record<string, string>) => {
    const answer = await postForm(t, '/api/user/alertsupdate', values, headers);
    expect(answer.code).toBe(0);
    return (answer.data as { settings: AlertSettings }).settings;
  };
  const alertsOf = async (headers: Record<string, string>) =>
    (await t.call({ method: 'GET', url: '/api/user/alerts', headers })).data as {
      settings: AlertSettings;
      deliveries: AlertDelivery[];
    };
  const events = (accountId: number) =>
    t.ctx.db
      .selectFrom('alert_events')
      .select(['kind', 'data', 'subaccount_id'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  const use = (owner: { account_id: number; subaccount_id: number | null }, bytes: number) =>
    reportUsage(t, 'gw-alerts', owner, bytes);
  const allocate = (headers: Record<string, string>, id: number, gb: string, action = 'allocate') =>
    postForm(
      t,
      '/api/auth/trafficupdate',
      { id: String(id), action, traffic: gb, request_id: `alerts-${Math.random().toString(36).slice(2)}` },
      headers,
    );

  it('is off until saved; bad values answer 10001 with the field; a test needs a channel', async () => {
    const { token } = await signedInAccount(t);
    const headers = authHeader(token);
    const { settings, deliveries } = await alertsOf(headers);
    expect(settings).toMatchObject({ email_enabled: false, webhook_url: null, sub_percents: [] });
    expect(deliveries).toEqual([]);
    const test = await postForm(t, '/api/user/alerttest', {}, headers);
    expect(test).toMatchObject({ status: 409, code: 10101 });
    for (const [field, value] of [
      ['sub_percents', '80,101'],
      ['sub_percents', '10,20,30,40,50'],
      ['sub_percents', 'eighty'],
      ['webhook_url', 'ftp://example.com/hook'],
      ['webhook_url', 'https://user:pw@example.com/hook'],
      ['webhook_url', `https://example.com/${'x'.repeat(500)}`],
      ['main_left_below', '-1'],
      ['low_balance_below', '0'],
      ['email_enabled', 'maybe'],
    ] as const) {
      const answer = await postForm(t, '/api/user/alertsupdate', { [field]: value }, headers);
      expect(answer, `${field}=${value}`).toMatchObject({ status: 400, code: 10001 });
      expect(Object.keys((answer.data as { fields: object }).fields)).toEqual([field]);
    }
    // Nothing was half-saved.
    expect((await alertsOf(headers)).settings).toEqual(settings);
    const saved = await saveAlerts(headers, { sub_percents: '100, 80,80 ,90', email_enabled: 'true' });
    expect(saved).toMatchObject({ sub_percents: [80, 90, 100], email_enabled: true, webhook_secret: null });
  });

  it('a sub-account alerts each threshold once as its usage crosses it, by mail and a signed webhook', async () => {
    const customer = await customerWithSub(t, { mainGb: 2, subGb: 1 });
    const owner = { account_id: customer.id, subaccount_id: customer.subId };
    const settings = await saveAlerts(customer.headers, {
      email_enabled: 'true',
      webhook_url: receiver.url('/ok'),
      sub_percents: '50,100',
    });
    expect(settings.webhook_secret).toMatch(/^whsec_/);

    await use(owner, 400 * MB);
    expect(await events(customer.id)).toEqual([]);
    await use(owner, 200 * MB); // 60%: crosses 50
    await use(owner, 100 * MB); // 70%: nothing new
    expect((await events(customer.id)).map((e) => [e.kind, e.data.percent])).toEqual([['sub_used', 50]]);

    const before = receiver.received.length;
    expect(await deliverDueAlerts(t.ctx)).toBe(2);
    const mail = await t.mailbox.waitForMail({ to: customer.email, subjectIncludes: '50%' });
    expect(mail.subject).toContain(customer.username);
    // The figures at the crossing: the batch that crossed 50% left it at 60%.
    expect(mail.text).toContain('has used 0.6 GB of 1 GB; 0.4 GB is left');
    const [hook] = receiver.received.slice(before);
    expect(hook?.path).toBe('/ok');
    expect(
      verifies(
        settings.webhook_secret ?? '',
        hook?.headers['x-resiport-signature'] as string,
        hook?.body ?? '',
      ),
    ).toBe(true);
    expect(verifies('whsec_wrong', hook?.headers['x-resiport-signature'] as string, hook?.body ?? '')).toBe(
      false,
    );
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      type: 'sub_used',
      account_id: customer.id,
      subaccount_id: customer.subId,
      data: { percent: 50, username: customer.username, used_bytes: 600 * MB, allocated_bytes: GB },
    });

    await use(owner, 300 * MB); // 100%
    expect((await events(customer.id)).map((e) => e.data.percent)).toEqual([50, 100]);
    await deliverDueAlerts(t.ctx);
    const empty = await t.mailbox.waitForMail({ to: customer.email, subjectIncludes: 'out of traffic' });
    expect(empty.subject).toContain(customer.username);
    const log = (await alertsOf(customer.headers)).deliveries;
    expect(log.map((d) => [d.kind, d.channel, d.status])).toEqual([
      ['sub_used', 'webhook', 'sent'],
      ['sub_used', 'email', 'sent'],
      ['sub_used', 'webhook', 'sent'],
      ['sub_used', 'email', 'sent'],
    ]);
    expect(log[0]).toMatchObject({ last_status: 200, last_response: 'thanks', attempts: 1 });
  });

  it('twenty usage batches at once across a threshold alert it exactly once; more traffic re-arms it', async () => {
    const customer = await customerWithSub(t, { mainGb: 3, subGb: 1 });
    const owner = { account_id: customer.id, subaccount_id: customer.subId };
    await saveAlerts(customer.headers, { email_enabled: 'true', sub_percents: '50' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reportUsage(t, `gw-par-${i}`, owner, 30 * MB)),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect((await events(customer.id)).map((e) => e.data.percent)).toEqual([50]);

    // 600 MB of 2 GB is 30%: below 50 again, so crossing it again is a new crossing.
    expect((await allocate(customer.headers, customer.subId, '1')).code).toBe(0);
    await use(owner, 300 * MB); // 900 MB of 2 GB: 45%
    expect(await events(customer.id)).toHaveLength(1);
    await use(owner, 200 * MB); // 55%
    expect((await events(customer.id)).map((e) => e.data.percent)).toEqual([50, 50]);

    // Its own thresholds replace the account's; "none" turns them off for it.
    const own = await postForm(
      t,
      '/api/auth/alertsupdate',
      { id: String(customer.subId), alert_percents: '90' },
      customer.headers,
    );
    expect(own).toMatchObject({ code: 0, data: { alert_percents: [90] } });
    await use(owner, 800 * MB); // 95%
    expect((await events(customer.id)).map((e) => e.data.percent)).toEqual([50, 50, 90]);
    const off = await postForm(
      t,
      '/api/auth/alertsupdate',
      { id: String(customer.subId), alert_percents: 'none' },
      customer.headers,
    );
    expect(off).toMatchObject({ code: 0, data: { alert_percents: [] } });
    await use(owner, 100 * MB);
    expect(await events(customer.id)).toHaveLength(3);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ mismatches: [], brokenChains: [] });
  });

  it('the main account alerts low once and empty once as allocations drain it; an order re-arms both', async () => {
    const customer = await customerWithSub(t, { mainGb: 2, subGb: 0.5 });
    await saveAlerts(customer.headers, {
      webhook_url: receiver.url('/ok'),
      main_left_below: '1',
      main_empty: 'true',
      on_order: 'true',
    });
    // Saved while at 1.5 GB: nothing holds yet.
    expect(await events(customer.id)).toEqual([]);
    await allocate(customer.headers, customer.subId, '0.4'); // 1.1 GB
    await allocate(customer.headers, customer.subId, '0.2'); // 0.9 GB: low
    await allocate(customer.headers, customer.subId, '0.1'); // 0.8 GB: still low, no new alert
    expect((await events(customer.id)).map((e) => e.kind)).toEqual(['main_low']);
    await allocate(customer.headers, customer.subId, '0.8'); // 0: empty (one alert, not low again)
    expect((await events(customer.id)).map((e) => e.kind)).toEqual(['main_low', 'main_empty']);

    await fundAccount(t, customer.id, 5000);
    const order = await payOrder(t, customer.token, { quantity: '2', way: 'balance' });
    expect(order.code).toBe(0);
    expect((await events(customer.id)).map((e) => e.kind)).toEqual(['main_low', 'main_empty', 'order_paid']);
    await allocate(customer.headers, customer.subId, '1.5'); // 0.5 GB: low again
    expect((await events(customer.id)).map((e) => e.kind)).toEqual([
      'main_low',
      'main_empty',
      'order_paid',
      'main_low',
    ]);
  });

  it('low balance alerts when saved below it, and once more after the balance went back up and down', async () => {
    const { token, id } = await fundedCustomer(t, 1000);
    const headers = authHeader(token);
    await saveAlerts(headers, { email_enabled: 'true', low_balance_below: '20' });
    const lowAlerts = async () => (await events(id)).filter((e) => e.kind === 'low_balance');
    expect((await lowAlerts()).map((e) => e.data.balance_cents)).toEqual([1000]);
    await fundAccount(t, id, 9000); // 100 USD, by a ledger post that checks nothing
    let balance = 10_000;
    // Each purchase checks the balance: the first one finds it above 20 USD (re-armed), the last below.
    for (let i = 0; balance >= 2000 && i < 100; i++) {
      const order = await payOrder(t, token, { quantity: '1', way: 'balance' });
      expect(order.code).toBe(0);
      balance = (order.data as { balance_cents: number }).balance_cents;
    }
    expect(balance).toBeLessThan(2000);
    expect((await lowAlerts()).map((e) => e.data.balance_cents)).toEqual([1000, balance]);
  });

  it('auto-refill alerts what it moved, and once that it stopped with the main account empty', async () => {
    const customer = await customerWithSub(t, { mainGb: 0.35, subGb: 0.1 });
    await saveAlerts(customer.headers, { email_enabled: 'true', on_refill: 'true' });
    const refill = { id: String(customer.subId), refill_below: '0.5', refill_amount: '0.3' };
    expect((await postForm(t, '/api/auth/refillupdate', refill, customer.headers)).code).toBe(0);
    expect((await events(customer.id)).map((e) => [e.kind, e.data.amount_bytes])).toEqual([
      ['refill_done', 250 * MB],
    ]);
    const owner = { account_id: customer.id, subaccount_id: customer.subId };
    for (let i = 0; i < 3; i++) {
      await gatewayCall(t, 'lease', { ...owner, instance_id: `gw-refill-alert-${i}`, want_bytes: MB });
    }
    expect((await events(customer.id)).map((e) => e.kind)).toEqual(['refill_done', 'refill_failed']);
    await deliverDueAlerts(t.ctx);
    const stopped = await t.mailbox.waitForMail({ to: customer.email, subjectIncludes: 'stopped' });
    expect(stopped.text).toContain(`Auto-refill of sub-account ${customer.username} stopped`);
  });

  it('a failing webhook is retried with back-off; a hanging one holds up no other delivery', async () => {
    const failing = await fundedCustomer(t, 0);
    const hanging = await fundedCustomer(t, 0);
    const fine = await fundedCustomer(t, 0);
    await saveAlerts(authHeader(failing.token), { webhook_url: receiver.url('/fail') });
    await saveAlerts(authHeader(hanging.token), { webhook_url: receiver.url('/hang') });
    await saveAlerts(authHeader(fine.token), { webhook_url: receiver.url('/ok') });
    for (const who of [failing, hanging, fine]) {
      expect((await postForm(t, '/api/user/alerttest', {}, authHeader(who.token))).code).toBe(0);
    }
    await deliverDueAlerts(t.ctx); // the test calls already started sending; this sends what is left
    const fineHook = () =>
      receiver.received.find(
        (r) => r.path === '/ok' && (JSON.parse(r.body) as { account_id: number }).account_id === fine.id,
      );
    await expect.poll(fineHook).toBeDefined();
    // When the fine receiver has its alert, the hanging one's attempt is still waiting for an answer.
    const hangingNow = (await alertsOf(authHeader(hanging.token))).deliveries[0];
    expect(hangingNow).toMatchObject({ status: 'pending', attempts: 1, last_error: null });
    await expect
      .poll(async () => (await alertsOf(authHeader(hanging.token))).deliveries[0]?.last_error, {
        timeout: 10_000,
      })
      .toBe('no answer in 5 s');

    const [first] = (await alertsOf(authHeader(failing.token))).deliveries;
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: 500,
      last_response: 'nope, try later',
    });
    await deliverDueAlerts(t.ctx); // not due yet
    expect((await alertsOf(authHeader(failing.token))).deliveries[0]?.attempts).toBe(1);
    t.advanceClock(RETRY_AFTER_SECONDS[0] + 1);
    await deliverDueAlerts(t.ctx);
    expect((await alertsOf(authHeader(failing.token))).deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 2,
    });
    receiver.state.failing = false;
    t.advanceClock(RETRY_AFTER_SECONDS[1] + 1);
    await deliverDueAlerts(t.ctx);
    expect((await alertsOf(authHeader(failing.token))).deliveries[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
      last_status: 200,
    });
    // One event, three attempts, the same body each time (the receiver can drop repeats by id).
    const bodies = receiver.received
      .filter((r) => r.path === '/fail')
      .map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies).toHaveLength(3);
  }, 20_000);

  it('an answer PostgreSQL cannot store (a NUL byte) is recorded without it; nothing is sent twice', async () => {
    const who = await fundedCustomer(t, 0);
    await saveAlerts(authHeader(who.token), { webhook_url: receiver.url('/nul') });
    expect((await postForm(t, '/api/user/alerttest', {}, authHeader(who.token))).code).toBe(0);
    await deliverDueAlerts(t.ctx);
    await expect.poll(async () => (await alertsOf(authHeader(who.token))).deliveries[0]?.status).toBe('sent');
    expect((await alertsOf(authHeader(who.token))).deliveries[0]).toMatchObject({
      last_response: 'okthanks',
    });
    t.advanceClock(120);
    await deliverDueAlerts(t.ctx);
    expect(receiver.received.filter((r) => r.path === '/nul')).toHaveLength(1);
  });

  it('a changed webhook address or a channel turned off takes its pending deliveries with it', async () => {
    const who = await fundedCustomer(t, 0);
    const headers = authHeader(who.token);
    await saveAlerts(headers, { email_enabled: 'true', webhook_url: receiver.url('/fail') });
    receiver.state.failing = true;
    expect((await postForm(t, '/api/user/alerttest', {}, headers)).code).toBe(0);
    await deliverDueAlerts(t.ctx);
    await expect
      .poll(async () => (await alertsOf(headers)).deliveries.find((d) => d.channel === 'webhook')?.attempts)
      .toBe(1);
    await saveAlerts(headers, { webhook_url: receiver.url('/ok') });
    const webhook = (await alertsOf(headers)).deliveries.find((d) => d.channel === 'webhook');
    expect(webhook).toMatchObject({ status: 'failed', last_error: 'superseded: the setting changed' });
    t.advanceClock(RETRY_AFTER_SECONDS[0] + 1);
    const before = receiver.received.length;
    await deliverDueAlerts(t.ctx);
    expect(receiver.received.slice(before).filter((r) => r.path === '/fail')).toEqual([]);
  });

  it('a new signing secret signs from then on; another account’s sub-account is not found', async () => {
    const a = await customerWithSub(t, { subGb: 0.1 });
    const b = await customerWithSub(t, { subGb: 0.1 });
    const first = await saveAlerts(a.headers, { webhook_url: receiver.url('/ok') });
    const rotated = await postForm(t, '/api/user/alertsecret', {}, a.headers);
    const second = (rotated.data as { settings: AlertSettings }).settings;
    expect(second.webhook_secret).toMatch(/^whsec_/);
    expect(second.webhook_secret).not.toBe(first.webhook_secret);
    await postForm(t, '/api/user/alerttest', {}, a.headers);
    await deliverDueAlerts(t.ctx);
    const testOfA = () =>
      receiver.received.find((r) => {
        const body = JSON.parse(r.body) as { type: string; account_id: number };
        return body.type === 'test' && body.account_id === a.id;
      });
    await expect.poll(testOfA).toBeDefined();
    const hook = testOfA();
    expect(
      verifies(
        second.webhook_secret ?? '',
        hook?.headers['x-resiport-signature'] as string,
        hook?.body ?? '',
      ),
    ).toBe(true);
    expect(
      verifies(first.webhook_secret ?? '', hook?.headers['x-resiport-signature'] as string, hook?.body ?? ''),
    ).toBe(false);

    const foreign = await postForm(
      t,
      '/api/auth/alertsupdate',
      { id: String(a.subId), alert_percents: '50' },
      b.headers,
    );
    expect(foreign).toMatchObject({ status: 404, code: 10009 });
    expect((await alertsOf(b.headers)).deliveries).toEqual([]);
  });
});

describe('alerts on a server with its defaults (no private webhooks, rate limits on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(() => t.close());

  it('refuses plain http and addresses in private, loopback or link-local networks', async () => {
    const { token } = await signedInAccount(t);
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://localhost/hook',
    ]) {
      const answer = await postForm(t, '/api/user/alertsupdate', { webhook_url: url }, authHeader(token));
      expect(answer, url).toMatchObject({ status: 400, code: 10100 });
    }
  });

  it('bounds test alerts per account, and shows the signing secret to the account only', async () => {
    const customer = await customerWithSub(t, { subGb: 0.1 });
    const saved = await postForm(
      t,
      '/api/user/alertsupdate',
      { email_enabled: 'true', webhook_url: 'https://hooks.example.com/resiport' },
      customer.headers,
    );
    const secret = (saved.data as { settings: AlertSettings }).settings.webhook_secret;
    expect(secret).toMatch(/^whsec_/);
    for (let i = 0; i < 5; i++) {
      expect((await postForm(t, '/api/user/alerttest', {}, customer.headers)).code).toBe(0);
    }
    expect(await postForm(t, '/api/user/alerttest', {}, customer.headers)).toMatchObject({
      status: 429,
      code: 10008,
    });

    const operator = await signedInOperator(t);
    const opened = await t.call({
      method: 'POST',
      url: '/api/admin/view-as',
      payload: { account_id: customer.id, reason: 'Ticket 12: alerts do not arrive' },
      headers: authHeader(operator.token),
    });
    expect(opened.code).toBe(0);
    const viewToken = (opened.data as { token: string }).token;
    const viewed = await t.call({ method: 'GET', url: '/api/user/alerts', headers: authHeader(viewToken) });
    expect(viewed.code).toBe(0);
    expect((viewed.data as { settings: AlertSettings }).settings).toMatchObject({
      webhook_url: 'https://hooks.example.com/resiport',
      webhook_secret: null,
    });
    expect(JSON.stringify(viewed.data)).not.toContain(secret ?? 'never');
  });
});
