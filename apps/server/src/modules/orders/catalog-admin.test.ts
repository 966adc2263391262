import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { removePriceTier, setPackage, setPriceTier } from './catalog-admin.service';
import { packages, priceMenu } from './catalog.service';

describe('operator edits of the catalogue (npm run admin)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets and removes price tiers, refusing bad input', async () => {
    await setPriceTier(t.ctx.db, 1000, '2.10');
    expect((await priceMenu(t.ctx.db)).tiers).toContainEqual({ min_gb: 1000, price_per_gb_cents: 210 });
    await setPriceTier(t.ctx.db, 1000, '2.00');
    expect((await priceMenu(t.ctx.db)).tiers).toContainEqual({ min_gb: 1000, price_per_gb_cents: 200 });
    await removePriceTier(t.ctx.db, 1000);
    expect((await priceMenu(t.ctx.db)).tiers.map((x) => x.min_gb)).not.toContain(1000);
    await expect(setPriceTier(t.ctx.db, 0, '1')).rejects.toThrow(/min GB/);
    await expect(setPriceTier(t.ctx.db, 5, '-1')).rejects.toThrow(/price/);
    await expect(setPriceTier(t.ctx.db, 5, '0')).rejects.toThrow(/price/);
    await expect(removePriceTier(t.ctx.db, 1)).rejects.toThrow(/base price/);
  });

  it('creates and changes packages in exact bytes', async () => {
    await setPackage(t.ctx.db, { code: 'mega', gb: '2.5', usd: '9.99', trial: false, active: true });
    expect((await packages(t.ctx.db)).list).toContainEqual(
      expect.objectContaining({ code: 'mega', traffic_bytes: 2_500_000_000, price_cents: 999 }),
    );
    await setPackage(t.ctx.db, { code: 'mega', gb: '3', usd: '12', trial: false, active: false });
    expect((await packages(t.ctx.db)).list.map((p) => p.code)).not.toContain('mega');
    for (const bad of [{ gb: '0' }, { gb: 'abc' }, { gb: '1.0005' }, { usd: '1e3' }, { code: 'BAD CODE' }]) {
      await expect(
        setPackage(t.ctx.db, { code: 'x1', gb: '1', usd: '1', trial: false, active: true, ...bad }),
      ).rejects.toThrow();
    }
  });
});
