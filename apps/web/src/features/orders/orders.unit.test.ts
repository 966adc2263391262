import { ResultCode, type TrafficPackage } from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { isCouponCode } from './order-codes';
import { orderAttemptFor } from './order-payment';
import {
  defaultChoice,
  isOrderableGb,
  normalizeCoupon,
  orderParamsKey,
  orderParamsOf,
  type OrderDraft,
} from './order-selection';
import { packagePerGbCents, salePackages, savingPercent, trialPackage } from './packages';
import { listPricePerGbCents, tierFor, tierRows } from './price-tiers';
import { rechargeHref, topUpFor } from './top-up';

const tiers = [
  { min_gb: 10, price_per_gb_cents: 400 },
  { min_gb: 1, price_per_gb_cents: 450 },
  { min_gb: 500, price_per_gb_cents: 250 },
  { min_gb: 50, price_per_gb_cents: 350 },
  { min_gb: 100, price_per_gb_cents: 300 },
];

const GB = 1_000_000_000;

const packages: TrafficPackage[] = [
  { id: 1, code: 'trial', traffic_bytes: GB / 10, price_cents: 0, is_trial: true },
  { id: 2, code: 'starter', traffic_bytes: 5 * GB, price_cents: 2250, is_trial: false },
  { id: 3, code: 'pro', traffic_bytes: 25 * GB, price_cents: 10_000, is_trial: false },
  { id: 4, code: 'business', traffic_bytes: 100 * GB, price_cents: 30_000, is_trial: false },
];

describe('price tiers', () => {
  it('lists tiers by quantity with the last GB each covers', () => {
    expect(tierRows(tiers).map((t) => [t.min_gb, t.max_gb])).toEqual([
      [1, 9],
      [10, 49],
      [50, 99],
      [100, 499],
      [500, null],
    ]);
    expect(tierRows([])).toEqual([]);
  });

  it('picks the tier whose range holds the quantity', () => {
    expect(tierFor(tiers, 1)?.min_gb).toBe(1);
    expect(tierFor(tiers, 9)?.min_gb).toBe(1);
    expect(tierFor(tiers, 10)?.min_gb).toBe(10);
    expect(tierFor(tiers, 99)?.min_gb).toBe(50);
    expect(tierFor(tiers, 100)?.min_gb).toBe(100);
    expect(tierFor(tiers, 10_000)?.min_gb).toBe(500);
  });

  it('has no tier without a quantity or below the first tier', () => {
    expect(tierFor(tiers, null)).toBeUndefined();
    expect(tierFor(tiers, undefined)).toBeUndefined();
    expect(tierFor(tiers, 0)).toBeUndefined();
    expect(tierFor(tiers, Number.NaN)).toBeUndefined();
    expect(tierFor([], 5)).toBeUndefined();
  });

  it('takes the smallest purchase’s price as the list price', () => {
    expect(listPricePerGbCents(tiers)).toBe(450);
    expect(listPricePerGbCents([])).toBeUndefined();
  });
});

describe('packages', () => {
  it('keeps the trial apart from the cards', () => {
    expect(salePackages(packages).map((p) => p.code)).toEqual(['starter', 'pro', 'business']);
    expect(trialPackage(packages)?.code).toBe('trial');
    expect(trialPackage(salePackages(packages))).toBeUndefined();
  });

  it('works out the price per GB and the saving against the list price', () => {
    const [, starter, pro, business] = packages as [
      TrafficPackage,
      TrafficPackage,
      TrafficPackage,
      TrafficPackage,
    ];
    expect(packagePerGbCents(starter)).toBe(450);
    expect(packagePerGbCents(pro)).toBe(400);
    expect(packagePerGbCents(business)).toBe(300);
    expect(savingPercent(450, 450)).toBe(0);
    expect(savingPercent(400, 450)).toBe(11);
    expect(savingPercent(300, 450)).toBe(33);
    expect(savingPercent(500, 450)).toBe(0);
    expect(savingPercent(300, undefined)).toBe(0);
  });
});

describe('order selection', () => {
  const draft = (patch: Partial<OrderDraft>): OrderDraft => ({
    choice: { kind: 'quantity' },
    quantityGb: 12,
    coupon: undefined,
    way: 'cryptomus',
    ...patch,
  });

  it('accepts whole GB from 1 to 10,000 only', () => {
    for (const gb of [1, 12, 10_000]) expect(isOrderableGb(gb)).toBe(true);
    for (const gb of [0, -1, 1.5, 10_001, Number.NaN, null, undefined]) expect(isOrderableGb(gb)).toBe(false);
  });

  it('sends exactly one of package, quantity or trial', () => {
    expect(orderParamsOf(draft({}))).toEqual({ quantity: 12, way: 'cryptomus' });
    expect(orderParamsOf(draft({ choice: { kind: 'package', packageId: 3 }, way: 'balance' }))).toEqual({
      package_id: 3,
      way: 'balance',
    });
    expect(orderParamsOf(draft({ choice: { kind: 'package', packageId: 3 }, coupon: 'SAVE10' }))).toEqual({
      package_id: 3,
      coupon: 'SAVE10',
      way: 'cryptomus',
    });
  });

  it('sends the trial without coupon, as nothing to pay', () => {
    expect(orderParamsOf(draft({ choice: { kind: 'trial' }, coupon: 'SAVE10' }))).toEqual({
      trial: true,
      way: 'balance',
    });
  });

  it('has nothing to quote without a choice or with a quantity out of range', () => {
    expect(orderParamsOf(draft({ choice: undefined }))).toBeUndefined();
    expect(orderParamsOf(draft({ quantityGb: null }))).toBeUndefined();
    expect(orderParamsOf(draft({ quantityGb: 0 }))).toBeUndefined();
    expect(orderParamsOf(draft({ quantityGb: 10_001 }))).toBeUndefined();
    // A package ignores the quantity kept for later.
    expect(orderParamsOf(draft({ choice: { kind: 'package', packageId: 2 }, quantityGb: null }))).toEqual({
      package_id: 2,
      way: 'cryptomus',
    });
  });

  it('starts with the first package on sale, or a custom quantity when there is none', () => {
    expect(defaultChoice(packages)).toEqual({ kind: 'package', packageId: 2 });
    expect(defaultChoice(packages.slice(0, 1))).toEqual({ kind: 'quantity' });
  });

  it('reads coupons as the server does', () => {
    expect(normalizeCoupon('  save10 ')).toBe('SAVE10');
    expect(normalizeCoupon('   ')).toBeUndefined();
    expect(normalizeCoupon(undefined)).toBeUndefined();
  });

  it('tells orders apart by every field', () => {
    const a = orderParamsKey({ quantity: 12, way: 'cryptomus' });
    expect(orderParamsKey({ way: 'cryptomus', quantity: 12 })).toBe(a);
    expect(orderParamsKey({ quantity: 12, way: 'balance' })).not.toBe(a);
    expect(orderParamsKey({ quantity: 12, way: 'cryptomus', coupon: 'X' })).not.toBe(a);
    expect(orderParamsKey({ package_id: 12, way: 'cryptomus' })).not.toBe(a);
  });
});

describe('pay attempts', () => {
  it('keeps the idempotency key while the order stays, and starts a new one for a changed order', () => {
    const newKey = vi.fn().mockReturnValueOnce('key-one-1').mockReturnValueOnce('key-two-2');
    const first = orderAttemptFor(null, 'order-a', newKey);
    expect(first).toEqual({ order: 'order-a', key: 'key-one-1' });
    expect(orderAttemptFor(first, 'order-a', newKey)).toBe(first);
    expect(orderAttemptFor(first, 'order-b', newKey)).toEqual({ order: 'order-b', key: 'key-two-2' });
    expect(newKey).toHaveBeenCalledTimes(2);
  });
});

describe('top-up for a balance short of an order', () => {
  it('asks for what is missing, raised to the 20 USD minimum', () => {
    expect(topUpFor(1234)).toEqual({ cents: 2000, raised: true });
    expect(topUpFor(1)).toEqual({ cents: 2000, raised: true });
    expect(topUpFor(2000)).toEqual({ cents: 2000, raised: false });
    expect(topUpFor(7755)).toEqual({ cents: 7755, raised: false });
  });

  it('links to the recharge page with the amount in USD', () => {
    expect(rechargeHref(2000)).toBe('/recharge?amount=20.00');
    expect(rechargeHref(7755)).toBe('/recharge?amount=77.55');
  });
});

describe('isCouponCode', () => {
  it('knows the answers that are about the coupon', () => {
    expect(isCouponCode(ResultCode.CouponInvalid)).toBe(true);
    expect(isCouponCode(ResultCode.CouponExpired)).toBe(true);
    expect(isCouponCode(ResultCode.CouponUsedUp)).toBe(true);
    expect(isCouponCode(ResultCode.CouponAlreadyUsed)).toBe(true);
    expect(isCouponCode(ResultCode.TrialUsed)).toBe(false);
    expect(isCouponCode(ResultCode.ValidationFailed)).toBe(false);
    expect(isCouponCode(null)).toBe(false);
  });
});
