import { detailsCsvColumns } from '@resiport/contract';
import type { RollupRow } from './usage-rollup.repository';

/** A rollup row with its sub-account's username (null for the main account). */
export type NamedRollupRow = RollupRow & { username: string | null };

/**
 * Most rows one export carries: a year of days for 500 sub-accounts plus addresses can pass it.
 * The export stops there (newest rows kept) and says so in `x-csv-truncated`; narrower ranges or
 * filters get the rest.
 */
export const CSV_MAX_ROWS = 100_000;

const MB = 1_000_000n;

/** Bytes as MB with exactly 6 decimals: the exact byte count, no rounding (1 MB = 10^6 bytes). */
export function mbText(bytes: bigint): string {
  return `${bytes / MB}.${(bytes % MB).toString().padStart(6, '0')}`;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The export: header `detailsCsvColumns`, then one line per row (CRLF); empty subaccount = main account. */
export function detailsCsv(rows: NamedRollupRow[]): string {
  const lines = [detailsCsvColumns.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.period.toISOString(),
        row.username ?? '',
        row.source_ip,
        mbText(row.bytes_up),
        mbText(row.bytes_down),
        mbText(row.bytes_up + row.bytes_down),
        row.connections.toString(),
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const csvFileName = (start: string, end: string) => `traffic-details-${start}-${end}.csv`;
