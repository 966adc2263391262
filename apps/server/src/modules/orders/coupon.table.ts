import type { couponKinds } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: (typeof couponKinds)[number];
  value: bigint;
  expires_at: Date | null;
  max_uses: number | null;
  max_uses_per_account: number | null;
  account_id: number | null;
  uses: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

/** One row per order that used a coupon: what `max_uses_per_account` counts. */
export interface CouponRedemptionsTable {
  order_id: number;
  coupon_id: number;
  account_id: number;
}
