import type { subStatuses, TrafficChangeKind } from '@resiport/contract';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * `subaccounts`. Two groups of its columns are written elsewhere, each by one module: the traffic
 * balance by the ledger (`traffic_left_bytes`, `traffic_unposted_bytes`), the credit counters by the gateway link
 * (`traffic_used_bytes`, `traffic_reserved_bytes`, `traffic_debt_bytes`, `traffic_overrun_bytes`: leases
 * and usage).
 */
export interface SubaccountsTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  password_cipher: string;
  remark: Generated<string>;
  traffic_left_bytes: Generated<bigint>;
  /** Granted to open leases, out of `traffic_left_bytes`, not in the ledger yet (decision 045; the ledger writes it). */
  traffic_unposted_bytes: Generated<bigint>;
  traffic_used_bytes: Generated<bigint>;
  /** Unused part of the sub-account's open leases (counts as left in every figure). */
  traffic_reserved_bytes: Generated<bigint>;
  /** Delivered past zero, billed from the next traffic (decision 015). */
  traffic_debt_bytes: Generated<bigint>;
  /** Moved past zero when not even the main account could pay (overruns; not in `traffic_used_bytes`). */
  traffic_overrun_bytes: Generated<bigint>;
  status: Generated<(typeof subStatuses)[number]>;
  created_at: Timestamp;
  deleted_at: Date | null;
  /** Limits (docs/product.md#sub-account-limits; migration 2026_11_29_0900): null when not set. */
  daily_cap_bytes: bigint | null;
  monthly_cap_bytes: bigint | null;
  max_connections: number | null;
  /** The end of its last day (UTC), and when the expiry sweep returned its traffic. */
  expires_at: Date | null;
  expired_at: Date | null;
  /** What the caps count: usage in UTC day `usage_day` (days since 1970) and in that day's month. */
  usage_day: Generated<number>;
  day_used_bytes: Generated<bigint>;
  month_used_bytes: Generated<bigint>;
  /** Auto-refill (migration 2026_11_29_1000): off while `refill_below_bytes` is null. */
  refill_below_bytes: bigint | null;
  refill_amount_bytes: bigint | null;
  refill_daily_max_bytes: bigint | null;
  /** What it refilled in UTC day `refill_day`, and when it stopped for want of main-account traffic. */
  refill_day: Generated<number>;
  refill_day_bytes: Generated<bigint>;
  refill_stopped_at: Date | null;
  /** Written by the alerts module (decision 039): own thresholds (null: the account's), and the highest alerted. */
  alert_percents: number[] | null;
  alert_percent_done: Generated<number>;
}

/** A move of traffic between the main account and a sub-account (each also posts two ledger entries). */
export type TransferKind = Extract<TrafficChangeKind, 'allocate' | 'recycle' | 'subaccount_deletion'>;

export interface TrafficTransfersTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number;
  kind: TransferKind;
  amount_bytes: bigint;
  request_id: string | null;
  created_at: Timestamp;
}
