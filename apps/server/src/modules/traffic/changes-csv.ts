import { changesCsvColumns } from '@resiport/contract';
import type { TrafficChangeRow } from '../ledger/ledger.service';
import { csvText } from '../../lib/csv';

/** A change-record row with its sub-account's username (null for the main account). */
export type NamedChangeRow = TrafficChangeRow & { username: string | null };

/**
 * The change record's export: header `changesCsvColumns`, then one line per row in the screen's
 * order (newest first). Bytes as exact integers (bigint, never through a float); `since_utc` only
 * on `usage` rows; empty subaccount = main account (decision 027).
 */
export function changesCsv(rows: NamedChangeRow[]): string {
  return csvText(
    changesCsvColumns,
    rows.map((row) => [
      row.created_at.toISOString(),
      row.since?.toISOString() ?? '',
      row.kind,
      row.username ?? '',
      row.amount.toString(),
      (row.balance_after - row.amount).toString(),
      row.balance_after.toString(),
    ]),
  );
}
