import type { Timestamp } from '../../db/column-types';

/**
 * `order_refunds` (migration 2026_11_27_0920): an operator's refund of a balance-paid order, at most
 * one per order (its primary key); written with the order's move to `refunded`, its ledger entries
 * and its audit row, in one transaction (order-refund.service.ts).
 */
export interface OrderRefundsTable {
  order_id: number;
  refunded_cents: bigint;
  removed_bytes: bigint;
  /** Null when the command line did it. */
  operator_id: number | null;
  reason: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
}
