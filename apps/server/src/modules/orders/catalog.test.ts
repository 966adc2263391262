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
  });

  it('needs a signed-in account', async () => {
    expect(await t.send(orderEndpoints.packages, {})).toMatchObject({
      status: 401,
      code: 10013,
    });
  });
});
