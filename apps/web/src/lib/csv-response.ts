import { judgeEnvelope, type EnvelopeVerdict } from './api-envelope';

/**
 * Reading a CSV export's answer (`format=csv`): the file with its name, or the refusal envelope
 * the server sends instead. Pure, so it is tested without a browser.
 */

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
