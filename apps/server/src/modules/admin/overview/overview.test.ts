import { adminOverviewEndpoints, internalGatewayEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedCustomer, payOrder, signedInAccount, signedInOperator } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { takeLease } from '../../../lib/job-lease';
import { jobTracker } from '../../../lib/job-runs';
import { post } from '../../ledger/ledger.service';
import { forgetSilentGateways } from '../../gateway-feed/voids-applied.service';
import { trafficCalls } from '../../traffic/traffic.test-helpers';

const GB = 1_000_000_000;
const MB = 1_000_000;

/**
 * The overview's figures on a fresh database, against what the test itself did through the real
 * routes: a top-up, a balance order, gateway usage, a feed read and two job runs.
 */
describe('operator console: overview', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await signedInOperator(t)).token;
  });
  afterAll(() => t.close());

  const read = async () => successData(await t.send(adminOverviewEndpoints.get, {}, { token: operator }));

  it('starts at zero with 30 empty days', async () => {
    const data = await read();
    expect(data.windows.map((w) => w.days)).toEqual([1, 7, 30]);
    expect(data.windows[0]).toMatchObject({
      topups_cents: 0,
      sold_bytes: 0,
      carried_bytes: 0,
      new_customers: 0,
    });
    expect(data.daily).toHaveLength(30);
    expect(data.daily.at(-1)?.day).toBe(t.ctx.clock().toISOString().slice(0, 10));
    expect(data.gateways).toEqual([]);
  });

  it('counts top-ups, orders, traffic sold and carried, and customers in every window', async () => {
    const buyer = await fundedCustomer(t, 0);
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        accountId: buyer.id,
        asset: 'money',
        kind: 'recharge',
        amount: 2500n,
        ref: { type: 'recharge', id: 'overview-test' },
      }),
    );
    expect((await payOrder(t, buyer.token, { quantity: '2', way: 'balance' })).code).toBe(0);
    await signedInAccount(t); // a second new customer, who carries nothing
    const { usage } = trafficCalls(() => t);
    expect(
      (
        await usage([
          { account_id: buyer.id, subaccount_id: null, bytes_up: MB, bytes_down: 2 * MB, connections: 1 },
        ])
      ).code,
    ).toBe(0);

    const data = await read();
    for (const window of data.windows) {
      expect(window).toMatchObject({
        topups_cents: 2500,
        order_payments_cents: 900,
        refunds_cents: 0,
        sold_bytes: 2 * GB,
        carried_bytes: 3 * MB,
        overrun_bytes: 0,
        new_customers: 2,
        active_customers: 1,
      });
    }
    const today = data.daily.at(-1);
    expect(today).toMatchObject({
      topups_cents: 2500,
      order_payments_cents: 900,
      sold_bytes: 2 * GB,
      carried_bytes: 3 * MB,
    });
    expect(data.daily.slice(0, -1).every((d) => d.topups_cents === 0 && d.carried_bytes === 0)).toBe(true);
  });

  it('lists a gateway that reads the change feed, with its lag and last usage batch', async () => {
    const feed = await t.send(internalGatewayEndpoints.events, { after: 0, instance_id: 'gw-traffic' });
    expect(feed.code, JSON.stringify(feed)).toBe(0);
    const [gateway] = (await read()).gateways;
    expect(gateway).toMatchObject({ instance_id: 'gw-traffic', online: true, feed_lag_events: 0 });
    expect(gateway?.last_usage_at).not.toBeNull();
  });

  it('shows each leased job with its last success, and a failure after it as unhealthy', async () => {
    const now = t.ctx.clock();
    expect(await takeLease(t.ctx.db, 'overview-test-job', 'me', now, new Date(now.getTime() + 60_000))).toBe(
      true,
    );
    const track = jobTracker(t.ctx, 'overview-test-job');
    await track(async () => 1);
    const healthy = (await read()).jobs.find((job) => job.name === 'overview-test-job');
    expect(healthy).toMatchObject({ holder: 'me', healthy: true, last_error: null });
    expect(healthy?.last_success_at).not.toBeNull();

    t.advanceClock(1);
    await expect(track(() => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    const failed = (await read()).jobs.find((job) => job.name === 'overview-test-job');
    expect(failed).toMatchObject({ healthy: false, last_error: 'provider down' });
  });

  it('forgets a gateway silent for a week, and only it', async () => {
    await t.send(internalGatewayEndpoints.events, { after: 0, instance_id: 'gw-retired' });
    t.advanceClock(6 * 86_400);
    await t.send(internalGatewayEndpoints.events, { after: 0, instance_id: 'gw-kept' });
    t.advanceClock(86_400 + 1);
    expect(await forgetSilentGateways(t.ctx)).toBeGreaterThanOrEqual(1);
    // A week on, the operator's session has lapsed too.
    operator = (await signedInOperator(t)).token;
    const listed = (await read()).gateways.map((g) => [g.instance_id, g.online]);
    expect(listed).toEqual([['gw-kept', false]]);
    expect(await forgetSilentGateways(t.ctx)).toBe(0);
  });
});
