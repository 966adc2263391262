import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { removePriceTier, setPackage, setPriceTier } from './catalog-admin.service';
import { allCoupons, createCoupon, disableCoupon } from './coupon-admin.service';
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

  it('creates, lists and disables coupons, refusing bad input before writing anything', async () => {
    const percent = await createCoupon(t.ctx.db, {
      code: 'spring-15',
      discount: '15%',
      maxUses: '10',
      perAccount: '1',
    });
    expect(percent).toMatchObject({
      code: 'SPRING-15',
      kind: 'percent',
      value: 15n,
      max_uses: 10,
      max_uses_per_account: 1,
    });
    const fixed = await createCoupon(t.ctx.db, { code: 'FIVE', discount: '5.00', expires: '2027-01-31' });
    expect(fixed).toMatchObject({ kind: 'fixed', value: 500n, expires_at: new Date('2027-01-31T23:59:59Z') });
    const refusals: [Parameters<typeof createCoupon>[1], RegExp][] = [
      [{ code: 'X', discount: '10%' }, /code/],
      [{ code: 'HAS SPACE', discount: '10%' }, /code/],
      [{ code: 'ZERO', discount: '0%' }, /percent/],
      [{ code: 'OVER', discount: '101%' }, /percent/],
      [{ code: 'NEG', discount: '-5' }, /discount/],
      [{ code: 'WORDS', discount: 'lots' }, /discount/],
      [{ code: 'DATE', discount: '5', expires: 'tomorrow' }, /date/],
      [{ code: 'USES', discount: '5', maxUses: '0' }, /max uses/],
      [{ code: 'USES2', discount: '5', perAccount: '1.5' }, /per account/],
      [{ code: 'spring-15', discount: '5' }, /already exists/],
    ];
    for (const [input, message] of refusals) {
      await expect(createCoupon(t.ctx.db, input)).rejects.toThrow(message);
    }
    await disableCoupon(t.ctx.db, 'five');
    await expect(disableCoupon(t.ctx.db, 'nope')).rejects.toThrow(/no coupon/);
    const listed = await allCoupons(t.ctx.db);
    expect(listed.map((c) => [c.code, c.active])).toEqual([
      ['SPRING-15', true],
      ['FIVE', false],
    ]);
  });
});
