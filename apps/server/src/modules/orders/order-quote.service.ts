import { BYTES_PER_GB, type OrderQuote, type OrderSelection, type PaymentWay } from '@resiport/contract';
import type { Executor } from '../../db/database';
import type { PaidType } from './order.table';
import { AppError } from '../../errors';
import { findActivePackage, findTrialPackage, listPriceTiers } from './catalog.repository';
import { countAccountUses, findCouponByCode, type CouponRow } from './coupon.repository';
import { hasTrialClaim } from './order.repository';
import { priceOrder, pricePerGbOf, tierFor, type Amounts } from './pricing';

/** Who buys: the account, and the address the request came from (the trial is once per address too). */
export interface Buyer {
  id: number;
  ip: string;
}

/** A selection turned into goods and prices, ready to become an order. */
export interface PricedOrder {
  packageId: number | null;
  isTrial: boolean;
  trafficBytes: bigint;
  amounts: Amounts;
  coupon: CouponRow | undefined;
  way: PaymentWay;
  /** `free` when nothing is left to pay (the trial, or a coupon covering everything). */
  paidType: PaidType;
}

interface Goods {
  packageId: number | null;
  isTrial: boolean;
  trafficBytes: bigint;
  pricePerGbCents: bigint;
  originalCents: bigint;
}

async function goodsOf(db: Executor, selection: OrderSelection): Promise<Goods> {
  if (selection.quantity !== undefined) {
    const tier = tierFor(await listPriceTiers(db), selection.quantity);
    if (!tier) throw new AppError('PackageUnavailable');
    const gb = BigInt(selection.quantity);
    return {
      packageId: null,
      isTrial: false,
      trafficBytes: gb * BigInt(BYTES_PER_GB),
      pricePerGbCents: tier.price_per_gb_cents,
      originalCents: gb * tier.price_per_gb_cents,
    };
  }
  const pack =
    selection.trial === true
      ? await findTrialPackage(db)
      : await findActivePackage(db, selection.package_id ?? 0);
  if (!pack) throw new AppError('PackageUnavailable');
  return {
    packageId: pack.id,
    isTrial: pack.is_trial,
    trafficBytes: pack.traffic_bytes,
    pricePerGbCents: pricePerGbOf(pack.price_cents, pack.traffic_bytes),
    originalCents: pack.price_cents,
  };
}

/**
 * A coupon this buyer may use now, or the reason why not. Checked again, atomically, when the
 * order takes its use (`takeCouponUse`): this read only explains the refusal.
 */
export async function usableCoupon(db: Executor, buyer: Buyer, code: string, now: Date): Promise<CouponRow> {
  const coupon = await findCouponByCode(db, code);
  if (!coupon?.active || (coupon.account_id !== null && coupon.account_id !== buyer.id)) {
    throw new AppError('CouponInvalid');
  }
  if (coupon.expires_at && coupon.expires_at <= now) throw new AppError('CouponExpired');
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) throw new AppError('CouponUsedUp');
  if (
    coupon.max_uses_per_account !== null &&
    (await countAccountUses(db, coupon.id, buyer.id)) >= coupon.max_uses_per_account
  ) {
    throw new AppError('CouponAlreadyUsed');
  }
  return coupon;
}

/** Prices what the buyer selected, with every refusal a customer can act on (coupon, trial, package). */
export async function priceSelection(
  db: Executor,
  buyer: Buyer,
  selection: OrderSelection,
  now: Date,
): Promise<PricedOrder> {
  const goods = await goodsOf(db, selection);
  if (goods.isTrial && (await hasTrialClaim(db, buyer.id, buyer.ip))) throw new AppError('TrialUsed');
  const coupon = selection.coupon ? await usableCoupon(db, buyer, selection.coupon, now) : undefined;
  const amounts = priceOrder({
    pricePerGbCents: goods.pricePerGbCents,
    originalCents: goods.originalCents,
    coupon,
    way: selection.way,
  });
  return {
    packageId: goods.packageId,
    isTrial: goods.isTrial,
    trafficBytes: goods.trafficBytes,
    amounts,
    coupon,
    way: selection.way,
    paidType: amounts.total_cents === 0n ? 'free' : selection.way,
  };
}

export function toQuote(priced: PricedOrder): OrderQuote {
  const a = priced.amounts;
  return {
    package_id: priced.packageId,
    is_trial: priced.isTrial,
    traffic_bytes: Number(priced.trafficBytes),
    quantity_gb: Number(priced.trafficBytes) / BYTES_PER_GB,
    price_per_gb_cents: Number(a.price_per_gb_cents),
    original_cents: Number(a.original_cents),
    discount_cents: Number(a.discount_cents),
    amount_cents: Number(a.amount_cents),
    fee_cents: Number(a.fee_cents),
    total_cents: Number(a.total_cents),
    way: priced.way,
    coupon: priced.coupon
      ? { code: priced.coupon.code, kind: priced.coupon.kind, value: Number(priced.coupon.value) }
      : null,
  };
}
