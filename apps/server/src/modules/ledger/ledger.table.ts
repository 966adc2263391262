import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * `ledger_entries`. The ledger also owns the cached balances it keeps in step with them —
 * `accounts.balance_cents`, `accounts.traffic_left_bytes` and `subaccounts.traffic_left_bytes` —
 * and is the only code that writes those columns, with the account row locked
 * (ledger.repository.ts): a debit checks and changes a balance in one statement.
 */

export type LedgerAsset = 'money' | 'traffic';

export interface LedgerEntriesTable {
  id: Generated<bigint>;
  account_id: number;
  asset: LedgerAsset;
  kind: string;
  amount: bigint;
  balance_after: bigint;
  ref_type: string | null;
  ref_id: string | null;
  note: string | null;
  /** The sub-account whose traffic this is; null for the main account. */
  subaccount_id: number | null;
  created_at: Timestamp;
}

/** `ledger_audit_checkpoints`: what a clean audit found each owner's entries summing to, through an id. */
export interface LedgerAuditCheckpointsTable {
  account_id: number;
  asset: LedgerAsset;
  /** The sub-account's id; 0 for the main account. */
  subaccount_key: number;
  through_id: bigint;
  total: bigint;
  checked_at: Timestamp;
}
