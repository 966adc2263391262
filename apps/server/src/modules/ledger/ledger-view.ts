import type { LedgerEntry } from '@resiport/contract';
import type { LedgerEntryRow } from './ledger-entries.repository';

/**
 * A ledger entry as the console shows it (a customer's ledger, an order's or an invoice's entries):
 * cents and bytes as numbers. `username` names the sub-account whose traffic moved; null for the
 * main account's entries, or where nobody looked it up.
 */
export function toLedgerEntry(entry: LedgerEntryRow, username: string | null = null): LedgerEntry {
  return {
    id: Number(entry.id),
    created_at: entry.created_at.toISOString(),
    asset: entry.asset,
    kind: entry.kind,
    amount: Number(entry.amount),
    balance_after: Number(entry.balance_after),
    subaccount_id: entry.subaccount_id,
    username,
    ref_type: entry.ref_type,
    ref_id: entry.ref_id,
    note: entry.note,
  };
}
