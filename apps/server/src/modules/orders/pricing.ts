import { BYTES_PER_GB, cryptoFeeCents, type PaymentWay } from '@resiport/contract';

/** Pure price arithmetic for orders, in integer cents and bytes (docs/architecture.md#ledger); no I/O here. */

export interface Tier {
  min_gb: number;
  price_per_gb_cents: bigint;
}

export interface CouponTerms {
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents. */
  value: bigint;
}

export interface Amounts {
  price_per_gb_cents: bigint;
  original_cents: bigint;
  discount_cents: bigint;
  amount_cents: bigint;
  fee_cents: bigint;
  total_cents: bigint;
}

/** The tier for a quantity: the one with the largest `min_gb` not above it (else the smallest). */
export function tierFor(tiers: readonly Tier[], gb: number): Tier | undefined {
  const sorted = [...tiers].sort((a, b) => a.min_gb - b.min_gb);
  return sorted.filter((t) => t.min_gb <= gb).at(-1) ?? sorted[0];
}

/** Per-GB price of a package, rounded half up to the cent (shown, never charged). */
export function pricePerGbOf(priceCents: bigint, trafficBytes: bigint): bigint {
  const gb = BigInt(BYTES_PER_GB);
  return (priceCents * gb * 2n + trafficBytes) / (trafficBytes * 2n);
}

/** Discount on `original`: percent rounded half up, fixed capped at the price (never below zero). */
export function discountOf(originalCents: bigint, coupon: CouponTerms | undefined): bigint {
  if (!coupon) return 0n;
  if (coupon.kind === 'fixed') return coupon.value < originalCents ? coupon.value : originalCents;
  return (originalCents * coupon.value + 50n) / 100n;
}

/** original − discount = amount; amount + fee (3% for crypto, none from the balance) = total. */
export function priceOrder(input: {
  pricePerGbCents: bigint;
  originalCents: bigint;
  coupon: CouponTerms | undefined;
  way: PaymentWay;
}): Amounts {
  const discount = discountOf(input.originalCents, input.coupon);
  const amount = input.originalCents - discount;
  const fee = input.way === 'cryptomus' ? BigInt(cryptoFeeCents(Number(amount))) : 0n;
  return {
    price_per_gb_cents: input.pricePerGbCents,
    original_cents: input.originalCents,
    discount_cents: discount,
    amount_cents: amount,
    fee_cents: fee,
    total_cents: amount + fee,
  };
}
