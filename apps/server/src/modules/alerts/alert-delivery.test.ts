import { adminViewAsEndpoints, alertEndpoints, type AlertSettings, subEndpoints } from '@resiport/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertCalls, startReceiver, verifies } from '../../../test/alerts';
import {
  authHeader,
  customerWithSub,
  fundedCustomer,
  signedInAccount,
  signedInOperator,
} from '../../../test/factories';
import { apiUrl, closedPort } from '@resiport/testkit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  DELIVERIES_AT_ONCE,
  deliverDueAlerts,
  deliveryRoom,
  RETRY_AFTER_SECONDS,
  startDueDeliveries,
} from './alert-delivery.service';

/** The webhook timeout of the app whose test waits for it: a receiver that never answers costs this. */
const SHORT_WEBHOOK_TIMEOUT_MS = 1000;

describe('alerts: delivery by mail and signed webhooks', () => {
  let t: TestApp;
  /** The same, with a short webhook timeout (ALERT_WEBHOOK_TIMEOUT_MS), for the test that waits for it. */
  let quick: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp({ ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' });
    quick = await createTestApp({
      ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true',
      ALERT_WEBHOOK_TIMEOUT_MS: String(SHORT_WEBHOOK_TIMEOUT_MS),
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await quick.close();
    await t.close();
  });

  const saveAlerts: ReturnType<typeof alertCalls>['saveAlerts'] = (...args) =>
    alertCalls(t).saveAlerts(...args);
  const alertsOf: ReturnType<typeof alertCalls>['alertsOf'] = (...args) => alertCalls(t).alertsOf(...args);

  it('a failing webhook is retried with back-off; a hanging one holds up no other delivery', async () => {
    const t = quick;
    const { saveAlerts, alertsOf } = alertCalls(t);
    const failing = await fundedCustomer(t, 0);
    const hanging = await fundedCustomer(t, 0);
    const fine = await fundedCustomer(t, 0);
    await saveAlerts(authHeader(failing.token), { webhook_url: receiver.url('/fail') });
    await saveAlerts(authHeader(hanging.token), { webhook_url: receiver.url('/hang') });
    await saveAlerts(authHeader(fine.token), { webhook_url: receiver.url('/ok') });
    for (const who of [failing, hanging]) {
      expect((await t.send(alertEndpoints.test, {}, { token: who.token })).code).toBe(0);
    }
    await expect.poll(() => receiver.received.some((r) => r.path === '/hang')).toBe(true);
    expect((await t.send(alertEndpoints.test, {}, { token: fine.token })).code).toBe(0);
    await deliverDueAlerts(t.ctx); // the test calls already started sending; this sends what is left
    const fineHook = () =>
      receiver.received.find(
        (r) => r.path === '/ok' && (JSON.parse(r.body) as { account_id: number }).account_id === fine.id,
      );
    await expect.poll(fineHook).toBeDefined();
    // The fine alert arrived while the hanging request was still open: it waited for nothing. (The
    // bound: one API call and one local POST take far less than the hanging one's timeout.)
    expect(fineHook()?.hangsOpen).toBe(1);
    await expect
      .poll(async () => (await alertsOf(authHeader(hanging.token))).deliveries[0]?.last_error, {
        timeout: SHORT_WEBHOOK_TIMEOUT_MS + 5_000,
      })
      .toBe('timeout');

    const [first] = (await alertsOf(authHeader(failing.token))).deliveries;
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: 500,
      last_error: 'http_status',
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
  });

  it('test alerts sent at once share the process’s room with the job: at most 20 sends under way', async () => {
    const customers = await Promise.all(
      Array.from({ length: DELIVERIES_AT_ONCE + 5 }, () => fundedCustomer(t, 0)),
    );
    for (const who of customers) {
      await saveAlerts(authHeader(who.token), { webhook_url: receiver.url('/hold-room') });
    }
    // Each test call starts sending what is due; the receiver holds every request, so every send stays under way.
    for (const who of customers) {
      expect((await t.send(alertEndpoints.test, {}, { token: who.token })).code).toBe(0);
    }
    // Every claim those calls started has settled; one that found the room held by another claim
    // took nothing, so the room is filled as the job's next tick would.
    await vi.waitFor(() => expect(deliveryRoom(t.ctx).claiming).toBe(0));
    await startDueDeliveries(t.ctx);
    expect(deliveryRoom(t.ctx)).toEqual({ underWay: DELIVERIES_AT_ONCE, claiming: 0 });
    const arrived = () => receiver.received.filter((r) => r.path === '/hold-room').length;
    await expect.poll(arrived).toBe(DELIVERIES_AT_ONCE);
    // Nothing more can arrive while they are held: a send starts only from a claim, none is running
    // (and no job runs in tests), and the room is full — the other 5 are still unclaimed.
    const unclaimed = await t.ctx.db
      .selectFrom('alert_deliveries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'account_id',
        'in',
        customers.map((who) => who.id),
      )
      .where('attempts', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(unclaimed.n)).toBe(5);
    // Once the receiver answers, the room is free again and the other 5 go out.
    receiver.release();
    await vi.waitFor(() => expect(deliveryRoom(t.ctx).underWay).toBe(0));
    await deliverDueAlerts(t.ctx);
    expect(arrived()).toBe(DELIVERIES_AT_ONCE + 5);
  });

  it('an answer PostgreSQL cannot store (a NUL byte) is recorded without it; nothing is sent twice', async () => {
    const who = await fundedCustomer(t, 0);
    await saveAlerts(authHeader(who.token), { webhook_url: receiver.url('/nul') });
    expect((await t.send(alertEndpoints.test, {}, { token: who.token })).code).toBe(0);
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
    expect((await t.send(alertEndpoints.test, {}, { headers })).code).toBe(0);
    await deliverDueAlerts(t.ctx);
    await expect
      .poll(async () => (await alertsOf(headers)).deliveries.find((d) => d.channel === 'webhook')?.attempts)
      .toBe(1);
    await saveAlerts(headers, { webhook_url: receiver.url('/ok') });
    const webhook = (await alertsOf(headers)).deliveries.find((d) => d.channel === 'webhook');
    expect(webhook).toMatchObject({ status: 'failed', last_error: 'superseded' });
    t.advanceClock(RETRY_AFTER_SECONDS[0] + 1);
    const before = receiver.received.length;
    await deliverDueAlerts(t.ctx);
    expect(receiver.received.slice(before).filter((r) => r.path === '/fail')).toEqual([]);
  });

  it('a failure reads as a code: a closed port gives the network’s code; a mail server’s words stay in the log', async () => {
    const who = await fundedCustomer(t, 0);
    const headers = authHeader(who.token);
    const closed = await closedPort();
    await saveAlerts(headers, { email_enabled: 'true', webhook_url: `http://127.0.0.1:${closed}/hook` });
    const { mailer } = t.ctx;
    const smtpWords = 'connect ECONNREFUSED 10.9.8.7:587 (relay.internal.example)';
    Object.assign(t.ctx, { mailer: { ...mailer, send: () => Promise.reject(new Error(smtpWords)) } });
    try {
      expect((await t.send(alertEndpoints.test, {}, { headers })).code).toBe(0);
      await deliverDueAlerts(t.ctx);
      await expect
        .poll(async () => (await alertsOf(headers)).deliveries.filter((d) => d.last_error !== null).length)
        .toBe(2);
    } finally {
      Object.assign(t.ctx, { mailer });
    }
    const byChannel = new Map((await alertsOf(headers)).deliveries.map((d) => [d.channel, d]));
    expect(byChannel.get('webhook')).toMatchObject({
      status: 'pending',
      last_status: null,
      last_error: 'network',
      last_response: 'ECONNREFUSED',
    });
    expect(byChannel.get('email')).toMatchObject({
      status: 'pending',
      last_error: 'mail',
      last_response: null,
    });
    expect(JSON.stringify((await alertsOf(headers)).deliveries)).not.toContain('relay.internal');
    expect(t.logs.join('')).toContain('relay.internal.example');
  });

  it('a new signing secret signs from then on; another account’s sub-account is not found', async () => {
    const a = await customerWithSub(t, { subGb: 0.1 });
    const b = await customerWithSub(t, { subGb: 0.1 });
    const first = await saveAlerts(a.headers, { webhook_url: receiver.url('/ok') });
    const rotated = await t.send(alertEndpoints.rotateSecret, {}, { headers: a.headers });
    const second = (rotated.data as { settings: AlertSettings }).settings;
    expect(second.webhook_secret).toMatch(/^whsec_/);
    expect(second.webhook_secret).not.toBe(first.webhook_secret);
    await t.send(alertEndpoints.test, {}, { headers: a.headers });
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

    const foreign = await t.send(
      subEndpoints.alerts,
      { id: String(a.subId), alert_percents: '50' },
      { headers: b.headers },
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
      const answer = await t.send(alertEndpoints.update, { webhook_url: url }, { token });
      expect(answer, url).toMatchObject({ status: 400, code: 10100 });
    }
  });

  it('bounds test alerts per account, and shows the signing secret to the account only', async () => {
    const customer = await customerWithSub(t, { subGb: 0.1 });
    // Refused for want of a channel: a clear code each time, and none of them spends the limit.
    for (let i = 0; i < 6; i++) {
      expect((await t.send(alertEndpoints.test, {}, { headers: customer.headers })).code).toBe(10101);
    }
    const saved = await t.send(
      alertEndpoints.update,
      { email_enabled: 'true', webhook_url: 'https://hooks.example.com/resiport' },
      { headers: customer.headers },
    );
    const secret = (saved.data as { settings: AlertSettings }).settings.webhook_secret;
    expect(secret).toMatch(/^whsec_/);
    for (let i = 0; i < 5; i++) {
      expect((await t.send(alertEndpoints.test, {}, { headers: customer.headers })).code).toBe(0);
    }
    expect(await t.send(alertEndpoints.test, {}, { headers: customer.headers })).toMatchObject({
      status: 429,
      code: 10008,
    });

    const operator = await signedInOperator(t);
    const opened = await t.call({
      method: 'POST',
      url: apiUrl(adminViewAsEndpoints.open),
      payload: { account_id: customer.id, reason: 'Ticket 12: alerts do not arrive' },
      headers: authHeader(operator.token),
    });
    expect(opened.code).toBe(0);
    const viewToken = (opened.data as { token: string }).token;
    const viewed = await t.send(alertEndpoints.get, {}, { token: viewToken });
    expect(viewed.code).toBe(0);
    expect((viewed.data as { settings: AlertSettings }).settings).toMatchObject({
      webhook_url: 'https://hooks.example.com/resiport',
      webhook_secret: null,
    });
    expect(JSON.stringify(viewed.data)).not.toContain(secret ?? 'never');
  });
});
