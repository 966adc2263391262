import type { AdminCoupon, AdminPackage, CouponStatus, CouponUse, PriceTier } from '@resiport/contract';
import type { CouponFactsRow, listPackagesWithOrders, pageOfCouponUses } from './catalogue.repository';

/** Catalogue rows as the console's contract has them: cents and bytes as numbers, moments as ISO text. */

type PackageFactsRow = Awaited<ReturnType<typeof listPackagesWithOrders>>[number];
type CouponUseRow = Awaited<ReturnType<typeof pageOfCouponUses>>['rows'][number];

export function toAdminTier(tier: { min_gb: number; price_per_gb_cents: bigint }): PriceTier {
  return { min_gb: tier.min_gb, price_per_gb_cents: Number(tier.price_per_gb_cents) };
}

export function toAdminPackage(row: PackageFactsRow): AdminPackage {
  return {
    id: row.id,
    code: row.code,
    traffic_bytes: Number(row.traffic_bytes),
    price_cents: Number(row.price_cents),
    is_trial: row.is_trial,
    active: row.active,
    order_count: Number(row.order_count ?? 0),
  };
}

/** Whether a customer could use the coupon at `now` (the order's own checks, in the same order). */
export function couponStatusOf(
  coupon: Pick<CouponFactsRow, 'active' | 'expires_at' | 'max_uses' | 'uses'>,
  now: Date,
): CouponStatus {
  if (!coupon.active) return 'disabled';
  if (coupon.expires_at && coupon.expires_at <= now) return 'expired';
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return 'used_up';
  return 'active';
}

export function toAdminCoupon(row: CouponFactsRow, now: Date): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    expires_at: row.expires_at?.toISOString() ?? null,
    max_uses: row.max_uses,
    max_uses_per_account: row.max_uses_per_account,
    account_id: row.account_id,
    account_email: row.account_email,
    uses: row.uses,
    accounts_used: Number(row.accounts_used ?? 0),
    active: row.active,
    status: couponStatusOf(row, now),
    created_at: row.created_at.toISOString(),
  };
}

export function toCouponUse(row: CouponUseRow): CouponUse {
  return {
    account_id: row.account_id,
    email: row.email,
    uses: Number(row.uses),
    last_used_at: new Date(row.last_used_at).toISOString(),
  };
}
