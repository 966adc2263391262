import { detailsCsvColumns } from '@resiport/contract';
import { csvText } from '../../lib/csv';
import type { RollupRow } from './usage-rollup.repository';

/** A rollup row with its sub-account's username (null for the main account). */
export type NamedRollupRow = RollupRow & { username: string | null };

const MB = 1_000_000n;

/** Bytes as MB with exactly 6 decimals: the exact byte count, no rounding (1 MB = 10^6 bytes). */
export function mbText(bytes: bigint): string {
  return `${bytes / MB}.${(bytes % MB).toString().padStart(6, '0')}`;
}

/** The export: header `detailsCsvColumns`, then one line per row (CRLF); empty subaccount = main account. */
export function detailsCsv(rows: NamedRollupRow[]): string {
  return csvText(
    detailsCsvColumns,
    rows.map((row) => [
      row.period.toISOString(),
      row.username ?? '',
      row.source_ip,
      mbText(row.bytes_up),
      mbText(row.bytes_down),
      mbText(row.bytes_up + row.bytes_down),
      row.connections.toString(),
    ]),
  );
}
