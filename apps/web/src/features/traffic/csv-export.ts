import type { LinkInput, TrafficChangeKind, trafficLinks } from '@resiport/contract';
import { judgeEnvelope, type EnvelopeVerdict } from '../../lib/api-envelope';
import type { DateRange } from './date-range';

/**
 * The usage detail and the change record as CSV files: `/traffic/details?format=csv&…` and
 * `/traffic/changelog?format=csv&…` fetched with the session (the JWT-TOKEN header, so not a plain
 * link) and saved through a Blob. A refusal comes back as the usual JSON envelope instead of a file.
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

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) < 0x20) return true;
  return false;
}

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` preferred), if it gives a safe one. */
export function fileNameOfDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  // Only a plain name: no paths, no control characters.
  if (!name || /[/\\]/.test(name) || hasControlCharacter(name)) return undefined;
  return name.trim() || undefined;
}

/** Set by the server when the export holds only the newest rows of the range (it caps their number). */
export const CSV_TRUNCATED_HEADER = 'x-csv-truncated';

export interface CsvResponseLike {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  blob(): Promise<Blob>;
  json(): Promise<unknown>;
}

/** What the export's answer means: the file, an envelope (a refusal, or an expired session), or an HTTP failure. */
export type CsvOutcome =
  | { kind: 'file'; blob: Blob; fileName: string | undefined; truncated: boolean }
  | { kind: 'envelope'; verdict: EnvelopeVerdict }
  | { kind: 'failed'; status: number };

export async function readCsvResponse(response: CsvResponseLike): Promise<CsvOutcome> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return { kind: 'envelope', verdict: judgeEnvelope(await response.json()) };
    } catch {
      return { kind: 'failed', status: response.status };
    }
  }
  if (!response.ok) return { kind: 'failed', status: response.status };
  return {
    kind: 'file',
    blob: await response.blob(),
    fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
    // The server caps an export's rows (newest kept) and says so in this header.
    truncated: response.headers.get(CSV_TRUNCATED_HEADER) === 'true',
  };
}
