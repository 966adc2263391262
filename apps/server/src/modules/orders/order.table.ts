import type { OrderStatus, paidTypes } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export type { OrderStatus };
export type PaidType = (typeof paidTypes)[number];

export interface OrdersTable {
  id: Generated<number>;
  account_id: number;
  package_id: number | null;
  is_trial: Generated<boolean>;
  traffic_bytes: bigint;
  price_per_gb_cents: bigint;
  original_cents: bigint;
  discount_cents: bigint;
  amount_cents: bigint;
  fee_cents: bigint;
  total_cents: bigint;
  paid_type: PaidType;
  status: OrderStatus;
  coupon_id: number | null;
  coupon_code: string | null;
  invoice_id: number | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  paid_at: Date | null;
  refunded_at: Date | null;
}

/** One trial per account and per source address. */
export interface TrialClaimsTable {
  account_id: number;
  ip: string;
  order_id: number;
  created_at: Timestamp;
}
