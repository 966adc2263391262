import { alertEndpoints } from '@resiport/contract';
import { closedPort } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertCalls, startReceiver, webhookEvent } from '../../../test/alerts';
import { authHeader, fundedCustomer } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deliverDueAlerts, RETRY_AFTER_SECONDS } from './alert-delivery.service';

/** The webhook timeout of the app whose test waits for it: a receiver that never answers costs this. */
const SHORT_WEBHOOK_TIMEOUT_MS = 1000;

/**
 * Alerts that do not arrive at once (decision 039): a failed attempt is retried with back-off, a
 * hanging receiver holds up no other delivery, each attempt's outcome is recorded as a code, and a
 * delivery whose channel was changed or turned off is not tried again.
 */
describe('alert delivery: failed attempts, retries and what they record', () => {
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
      receiver.received.find((r) => r.path === '/ok' && webhookEvent(r).account_id === fine.id);
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
    const bodies = receiver.received.filter((r) => r.path === '/fail').map((r) => webhookEvent(r).id);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies).toHaveLength(3);
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
});
