import type { FastifyReply } from 'fastify';

/**
 * The product's CSV files (usage details, traffic change record, the console's ledger): one writer,
 * one row cap, one way of answering them, so every export behaves alike.
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

/** A CSV export as an attachment; `x-csv-truncated` when the row cap cut it short. */
export function sendCsv(reply: FastifyReply, csv: CsvFile) {
  if (csv.truncated) void reply.header('x-csv-truncated', 'true');
  // A string with a non-JSON content type is sent as it is, not checked against the envelope schema.
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .send(csv.body);
}
