import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { orderEndpoints } from '@resiport/contract';
import { successData } from '@resiport/testkit';

describe('the catalogue: GET /order/pricemenu and /order/packages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded per-GB tiers, cheaper in bulk', async () => {
    const { token } = await signedInAccount(t);
    const response = await t.send(orderEndpoints.priceMenu, {}, { token });
    const { tiers } = successData(response);
    expect(tiers[0]).toEqual({ min_gb: 1, price_per_gb_cents: 450 });
    tiers.slice(1).forEach((tier, i) => {
      const previous = tiers[i];
      expect(tier.min_gb).toBeGreaterThan(previous?.min_gb ?? 0);
      expect(tier.price_per_gb_cents).toBeLessThan(previous?.price_per_gb_cents ?? Infinity);
    });
  });

  it('lists active packages with exactly one free trial, and hides inactive ones', async () => {
    const { token } = await signedInAccount(t);
    await t.ctx.db.updateTable('packages').set({ active: false }).where('code', '=', 'business').execute();
    const response = await t.send(orderEndpoints.packages, {}, { token });
    const { list } = successData(response);
    expect(list.map((p) => p.code)).toEqual(['trial', 'starter', 'pro']);
    expect(list.filter((p) => p.is_trial)).toEqual([
      expect.objectContaining({ code: 'trial', price_cents: 0, traffic_bytes: 100_000_000 }),
    ]);
    expect(successData(response).trial_available).toBe(true);
  });

  it('stops offering the trial once the account (or its network) has taken it', async () => {
    const { token } = await signedInAccount(t);
    const taken = await t.send(
      orderEndpoints.pay,
      { trial: 'true' },
      { token, remoteAddress: '198.51.100.90' },
    );
    expect(taken.code).toBe(0);
    const afterwards = successData(await t.send(orderEndpoints.packages, {}, { token }));
    expect(afterwards.trial_available).toBe(false);
    // Another account from the same network: not offered either (the order would be refused).
    const neighbour = await signedInAccount(t);
    const fromThere = await t.send(
      orderEndpoints.packages,
      {},
      { token: neighbour.token, remoteAddress: '198.51.100.90' },
    );
    expect(successData(fromThere).trial_available).toBe(false);
    const elsewhere = await t.send(
      orderEndpoints.packages,
      {},
      { token: neighbour.token, remoteAddress: '203.0.113.91' },
    );
    expect(successData(elsewhere).trial_available).toBe(true);
  });

  it('needs a signed-in account', async () => {
    expect(await t.send(orderEndpoints.packages, {})).toMatchObject({
      status: 401,
      code: 10013,
    });
  });
});
