import type { LinkInput, TrafficChangeKind, trafficLinks } from '@resiport/contract';
import type { DateRange } from './date-range';

/**
 * The usage detail and the change record as CSV files: the queries of `/traffic/details?format=csv&…`
 * and `/traffic/changelog?format=csv&…` and their fallback file names (lib/csv-download.ts fetches
 * them with the session and saves them).
 */

export interface CsvRequest {
  range: DateRange;
  /** `subaccount_id`: undefined for everyone, 0 for the main account. */
  subaccountId: number | undefined;
}

/** The query of `trafficLinks.detailsCsv` for a range and owner. */
export function csvQuery({ range, subaccountId }: CsvRequest): LinkInput<typeof trafficLinks.detailsCsv> {
  return { format: 'csv', start_date: range.start, end_date: range.end, subaccount_id: subaccountId };
}

/** The change record's export takes the tab's filters: range, owner and kind. */
export interface ChangesCsvRequest extends CsvRequest {
  kind: TrafficChangeKind | undefined;
}

/** The query of `trafficLinks.changesCsv` for the change record's filters. */
export function changesCsvQuery({
  range,
  subaccountId,
  kind,
}: ChangesCsvRequest): LinkInput<typeof trafficLinks.changesCsv> {
  return { format: 'csv', start_date: range.start, end_date: range.end, subaccount_id: subaccountId, kind };
}

/**
 * The file name when the server does not name it: `usage-2026-05-01_2026-05-30[-main|-sub12].csv`,
 * or `changes-…[-kind].csv` for the change record.
 */
export function csvFileName(
  { range, subaccountId }: CsvRequest,
  what: 'usage' | 'changes' = 'usage',
  kind?: TrafficChangeKind,
): string {
  const who = subaccountId === undefined ? '' : subaccountId === 0 ? '-main' : `-sub${subaccountId}`;
  return `${what}-${range.start}_${range.end}${who}${kind ? `-${kind}` : ''}.csv`;
}
