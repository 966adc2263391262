/**
 * The traffic module's CSV files (usage details, change record): one writer, one row cap, one way
 * of naming and answering them, so both exports behave alike.
 */

/**
 * Most rows one export carries: a year of days for 500 sub-accounts plus addresses can pass it.
 * The export stops there (newest rows kept) and says so in `x-csv-truncated`; narrower ranges or
 * filters get the rest.
 */
export const CSV_MAX_ROWS = 100_000;

/** An export ready to send: its file name, its text, and whether CSV_MAX_ROWS cut it short. */
export interface CsvFile {
  fileName: string;
  body: string;
  truncated: boolean;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The header line, then one line per row, each ended by CRLF. */
export function csvText(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [columns.map(cell).join(',')];
  for (const row of rows) lines.push(row.map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** `traffic-details-2026-05-01-2026-05-30.csv`, `traffic-changes-…`: what and which UTC days. */
export const csvFileName = (what: 'details' | 'changes', start: string, end: string) =>
  `traffic-${what}-${start}-${end}.csv`;
