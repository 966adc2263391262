import { describe, expect, it } from 'vitest';
import { discountOf, priceOrder, pricePerGbOf, tierFor } from './pricing';

const tiers = [
  { min_gb: 10, price_per_gb_cents: 400n },
  { min_gb: 1, price_per_gb_cents: 450n },
  { min_gb: 50, price_per_gb_cents: 350n },
];

describe('order pricing', () => {
  it('picks the tier with the largest minimum not above the quantity', () => {
    expect(tierFor(tiers, 1)?.price_per_gb_cents).toBe(450n);
    expect(tierFor(tiers, 9)?.price_per_gb_cents).toBe(450n);
    expect(tierFor(tiers, 10)?.price_per_gb_cents).toBe(400n);
    expect(tierFor(tiers, 49)?.price_per_gb_cents).toBe(400n);
    expect(tierFor(tiers, 10_000)?.price_per_gb_cents).toBe(350n);
    expect(tierFor([{ min_gb: 5, price_per_gb_cents: 300n }], 2)?.min_gb).toBe(5);
    expect(tierFor([], 2)).toBeUndefined();
  });

  it('rounds percent discounts half up and caps fixed ones at the price', () => {
    expect(discountOf(999n, { kind: 'percent', value: 10n })).toBe(100n); // 99.9 → 100
    expect(discountOf(994n, { kind: 'percent', value: 10n })).toBe(99n); // 99.4 → 99
    expect(discountOf(450n, { kind: 'percent', value: 100n })).toBe(450n);
    expect(discountOf(450n, { kind: 'fixed', value: 500n })).toBe(450n);
    expect(discountOf(450n, { kind: 'fixed', value: 100n })).toBe(100n);
    expect(discountOf(450n, undefined)).toBe(0n);
  });

  it('adds the 3% fee to crypto payments only, and the parts always add up', () => {
    const crypto = priceOrder({
      pricePerGbCents: 450n,
      originalCents: 900n,
      coupon: { kind: 'percent', value: 10n },
      way: 'cryptomus',
    });
    expect(crypto).toEqual({
      price_per_gb_cents: 450n,
      original_cents: 900n,
      discount_cents: 90n,
      amount_cents: 810n,
      fee_cents: 24n, // 24.3 → 24
      total_cents: 834n,
    });
    const balance = priceOrder({
      pricePerGbCents: 450n,
      originalCents: 900n,
      coupon: undefined,
      way: 'balance',
    });
    expect(balance.fee_cents).toBe(0n);
    expect(balance.total_cents).toBe(900n);
    for (let original = 0n; original < 3000n; original += 37n) {
      const p = priceOrder({
        pricePerGbCents: 1n,
        originalCents: original,
        coupon: { kind: 'percent', value: 33n },
        way: 'cryptomus',
      });
      expect(p.original_cents - p.discount_cents).toBe(p.amount_cents);
      expect(p.amount_cents + p.fee_cents).toBe(p.total_cents);
      expect(p.amount_cents >= 0n).toBe(true);
    }
  });

  it('shows a package price per GB rounded to the cent', () => {
    expect(pricePerGbOf(2250n, 5_000_000_000n)).toBe(450n);
    expect(pricePerGbOf(0n, 100_000_000n)).toBe(0n);
    expect(pricePerGbOf(1000n, 3_000_000_000n)).toBe(333n);
    expect(pricePerGbOf(1001n, 2_000_000_000n)).toBe(501n); // 500.5 → 501
  });
});
