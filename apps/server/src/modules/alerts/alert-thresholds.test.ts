import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertCalls, startReceiver, verifies } from '../../../test/alerts';
import {
  authHeader,
  customerWithSub,
  fundAccount,
  fundedCustomer,
  gatewayCall,
  payOrder,
  reportUsage,
  signedInAccount,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLedger } from '../ledger/ledger.service';
import { deliverDueAlerts } from './alert-delivery.service';
import {
  alertEndpoints,
  internalGatewayEndpoints,
  subEndpoints,
  validationDetailsSchema,
} from '@resiport/contract';
import { successData } from '@resiport/testkit';

const MB = 1_000_000;
const GB = 1_000_000_000;

describe('alerts: thresholds and events, raised once per crossing', () => {
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

  const saveAlerts: ReturnType<typeof alertCalls>['saveAlerts'] = (...args) =>
    alertCalls(t).saveAlerts(...args);
  const alertsOf: ReturnType<typeof alertCalls>['alertsOf'] = (...args) => alertCalls(t).alertsOf(...args);
  const events: ReturnType<typeof alertCalls>['events'] = (...args) => alertCalls(t).events(...args);
  const use = (owner: { account_id: number; subaccount_id: number | null }, bytes: number) =>
    reportUsage(t, 'gw-alerts', owner, bytes);
  const allocate = (headers: Record<string, string>, id: number, gb: string, action = 'allocate') =>
    t.sendUnchecked(
      subEndpoints.traffic,
      { id: String(id), action, traffic: gb, request_id: `alerts-${Math.random().toString(36).slice(2)}` },
      { headers },
    );

  it('is off until saved; bad values answer 10001 with the field; a test needs a channel', async () => {
    const { token } = await signedInAccount(t);
    const headers = authHeader(token);
    const { settings, deliveries } = await alertsOf(headers);
    expect(settings).toMatchObject({ email_enabled: false, webhook_url: null, sub_percents: [] });
    expect(deliveries).toEqual([]);
    const test = await t.send(alertEndpoints.test, {}, { headers });
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
      const answer = await t.send(alertEndpoints.update, { [field]: value }, { headers });
      expect(answer, `${field}=${value}`).toMatchObject({ status: 400, code: 10001 });
      expect(Object.keys(validationDetailsSchema.parse(answer.data).fields)).toEqual([field]);
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
    expect(mail.text).toContain('has used 600.00 MB of 1.00 GB; 400.00 MB is left');
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
    const own = await t.send(
      subEndpoints.alerts,
      { id: String(customer.subId), alert_percents: '90' },
      { headers: customer.headers },
    );
    expect(own).toMatchObject({ code: 0, data: { alert_percents: [90] } });
    await use(owner, 800 * MB); // 95%
    expect((await events(customer.id)).map((e) => e.data.percent)).toEqual([50, 50, 90]);
    const off = await t.send(
      subEndpoints.alerts,
      { id: String(customer.subId), alert_percents: 'none' },
      { headers: customer.headers },
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
      balance = successData(order).balance_cents;
    }
    expect(balance).toBeLessThan(2000);
    expect((await lowAlerts()).map((e) => e.data.balance_cents)).toEqual([1000, balance]);
  });

  it('switching a threshold off and on while below it alerts once an hour, not once a save', async () => {
    const { token, id } = await fundedCustomer(t, 1000);
    const headers = authHeader(token);
    const lowAlerts = async () => (await events(id)).filter((e) => e.kind === 'low_balance');
    for (let i = 0; i < 10; i++) {
      await saveAlerts(headers, { email_enabled: 'true', low_balance_below: '20' });
      await saveAlerts(headers, { low_balance_below: '' });
    }
    expect(await lowAlerts()).toHaveLength(1);
    t.advanceClock(3600);
    await saveAlerts(headers, { low_balance_below: '20' });
    expect(await lowAlerts()).toHaveLength(2);
  });

  it('auto-refill alerts what it moved, and once that it stopped with the main account empty', async () => {
    const customer = await customerWithSub(t, { mainGb: 0.35, subGb: 0.1 });
    await saveAlerts(customer.headers, { email_enabled: 'true', on_refill: 'true' });
    const refill = { id: String(customer.subId), refill_below: '0.5', refill_amount: '0.3' };
    expect((await t.send(subEndpoints.refill, refill, { headers: customer.headers })).code).toBe(0);
    expect((await events(customer.id)).map((e) => [e.kind, e.data.amount_bytes])).toEqual([
      ['refill_done', 250 * MB],
    ]);
    const owner = { account_id: customer.id, subaccount_id: customer.subId };
    for (let i = 0; i < 3; i++) {
      await gatewayCall(t, internalGatewayEndpoints.lease, {
        ...owner,
        instance_id: `gw-refill-alert-${i}`,
        want_bytes: MB,
      });
    }
    expect((await events(customer.id)).map((e) => e.kind)).toEqual(['refill_done', 'refill_failed']);
    await deliverDueAlerts(t.ctx);
    const stopped = await t.mailbox.waitForMail({ to: customer.email, subjectIncludes: 'stopped' });
    expect(stopped.text).toContain(`Auto-refill of sub-account ${customer.username} stopped`);
  });
});
