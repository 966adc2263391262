import { passThroughCodes, ResultCode, type Link, type LinkInput } from '@resiport/contract';
import { isRecord } from './api-error';

/** What a response body means for the caller (docs/product.md#request-wrapper), decided without side effects. */
export type EnvelopeVerdict =
  | { kind: 'success'; msg: string; data: unknown }
  | { kind: 'passThrough'; code: number; msg: string; data: unknown }
  | { kind: 'sessionExpired'; code: number; msg: string; data: unknown }
  | { kind: 'failure'; code: number; msg: string; data: unknown }
  | { kind: 'malformed' };

/**
 * Reads `{code, msg, data}`: code 0 or missing is success; `success: false` is an error whatever
 * the code; 10013 ends the session; 20402 and 20302 pass through; any other code is a failure.
 */
export function judgeEnvelope(body: unknown): EnvelopeVerdict {
  if (!isRecord(body)) return { kind: 'malformed' };
  const { code = 0, msg = '', data = null, success } = body;
  if (typeof code !== 'number' || typeof msg !== 'string') return { kind: 'malformed' };
  if (success === false) return { kind: 'failure', code, msg, data };
  if (code === ResultCode.Success) return { kind: 'success', msg, data };
  if (code === ResultCode.SessionExpired) return { kind: 'sessionExpired', code, msg, data };
  if (passThroughCodes.includes(code)) return { kind: 'passThrough', code, msg, data };
  return { kind: 'failure', code, msg, data };
}

/**
 * docs/product.md#api: GET sends query parameters and POST sends a form-encoded body; empty values are left
 * out. Every request the web makes — the API calls and links such as the CSV download — is
 * encoded here.
 */
export function encodeParams(params: unknown): URLSearchParams {
  const encoded = new URLSearchParams();
  if (!isRecord(params)) return encoded;
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new TypeError(`The request field ${name} is not a form value`);
    }
    encoded.append(name, String(value));
  }
  return encoded;
}

/** A path with its query, e.g. `/traffic/details?format=csv&…`; no `?` when there is nothing to add. */
export function withQuery(path: string, params: URLSearchParams): string {
  return params.size > 0 ? `${path}?${params.toString()}` : path;
}

/** A link's path and query relative to the API base, e.g. `/traffic/details?format=csv&…`. */
export function linkPath<L extends Link>(link: L, input: LinkInput<L>): string {
  return withQuery(link.path, encodeParams(input));
}
