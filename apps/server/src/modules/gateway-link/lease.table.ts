import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * `traffic_leases` and `traffic_overruns` (decision 015). The gateway link also owns the credit
 * counters of `accounts` and `subaccounts` — `traffic_used_bytes`, `traffic_reserved_bytes`,
 * `traffic_debt_bytes` — and is the only code that writes them (lease.repository.ts `addToOwner`).
 */

export interface TrafficLeasesTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number | null;
  instance_id: string;
  granted_bytes: Generated<bigint>;
  used_bytes: Generated<bigint>;
  overrun_bytes: Generated<bigint>;
  /** What a void returned to the owner while the gateway may still have held it as credit. */
  voided_bytes: Generated<bigint>;
  grants: Generated<number>;
  /** How much of `granted_bytes` is in the ledger, and when it was last written there (decision 045). */
  posted_bytes: Generated<bigint>;
  posted_at: Generated<Date>;
  status: Generated<'open' | 'closed'>;
  expires_at: Date;
  created_at: Timestamp;
  closed_at: Date | null;
}

/** Bytes delivered past an owner's traffic that could not be billed, with the bound they had to keep. */
export interface TrafficOverrunsTable {
  id: Generated<number>;
  account_id: number;
  subaccount_id: number | null;
  instance_id: string;
  batch_id: string;
  bytes: bigint;
  bound_bytes: bigint;
  created_at: Timestamp;
}
