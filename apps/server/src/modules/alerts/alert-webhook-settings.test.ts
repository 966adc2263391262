import { adminViewAsEndpoints, alertEndpoints, subEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertCalls, startReceiver, verifies, webhookEvent } from '../../../test/alerts';
import { customerWithSub, signedInAccount, signedInOperator } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { deliverDueAlerts } from './alert-delivery.service';

/**
 * A customer's webhook settings (decision 039): the signing secret and its rotation, shown to the
 * account only; the addresses a webhook may have; how many test alerts an account may send.
 */
describe('alert webhooks: the signing secret, and a sub-account of another account', () => {
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

  it('a new signing secret signs from then on; another account’s sub-account is not found', async () => {
    const a = await customerWithSub(t, { subGb: 0.1 });
    const b = await customerWithSub(t, { subGb: 0.1 });
    const first = await saveAlerts(a.headers, { webhook_url: receiver.url('/ok') });
    const rotated = await t.send(alertEndpoints.rotateSecret, {}, { headers: a.headers });
    const second = successData(rotated).settings;
    expect(second.webhook_secret).toMatch(/^whsec_/);
    expect(second.webhook_secret).not.toBe(first.webhook_secret);
    await t.send(alertEndpoints.test, {}, { headers: a.headers });
    await deliverDueAlerts(t.ctx);
    const testOfA = () =>
      receiver.received.find((r) => {
        const event = webhookEvent(r);
        return event.type === 'test' && event.account_id === a.id;
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
    const secret = successData(saved).settings.webhook_secret;
    expect(secret).toMatch(/^whsec_/);
    for (let i = 0; i < 5; i++) {
      expect((await t.send(alertEndpoints.test, {}, { headers: customer.headers })).code).toBe(0);
    }
    expect(await t.send(alertEndpoints.test, {}, { headers: customer.headers })).toMatchObject({
      status: 429,
      code: 10008,
    });

    const operator = await signedInOperator(t);
    const opened = await t.send(
      adminViewAsEndpoints.open,
      { account_id: customer.id, reason: 'Ticket 12: alerts do not arrive' },
      { token: operator.token },
    );
    const viewToken = successData(opened).token;
    const viewed = await t.send(alertEndpoints.get, {}, { token: viewToken });
    expect(successData(viewed).settings).toMatchObject({
      webhook_url: 'https://hooks.example.com/resiport',
      webhook_secret: null,
    });
    expect(JSON.stringify(viewed.data)).not.toContain(secret ?? 'never');
  });
});
