/**
 * The CONNECT fast path's head reader (decision 034). Most connections to the HTTP port open with
 * `CONNECT host:port HTTP/1.1` and a few headers; reading that head here, without `node:http`'s
 * parser, request object and events, is a measurable part of a short tunnel's cost. It accepts only
 * plainly well-formed heads: anything else (another method, an odd byte, a folded or duplicated
 * header we read, a body length, an oversized head) is `other`, and the connection goes to
 * `node:http` with its bytes, which answers it exactly as before.
 */

export interface ConnectHead {
  /** The request target, authority-form as sent (`host:port`); validated by `parseAuthority`. */
  authority: string;
  proxyAuthorization: string | undefined;
  acceptLanguage: string | undefined;
  /** Where the head ends in the bytes read: what follows is the tunnel's first upload. */
  end: number;
}

export type HeadReading = ConnectHead | 'incomplete' | 'other';

const PREFIX = 'CONNECT ';
/**
 * The header names that matter here: the two we read (a second one of either makes the head `other`:
 * node:http's rules decide), and those that would give a CONNECT a body (left to node:http).
 */
const NAMED = new Map<string, 'proxyAuthorization' | 'acceptLanguage' | 'framing'>([
  ['proxy-authorization', 'proxyAuthorization'],
  ['accept-language', 'acceptLanguage'],
  ['content-length', 'framing'],
  ['transfer-encoding', 'framing'],
]);
/** Their lengths: any other header is skipped without lower-casing its name. */
const NAMED_LENGTHS = new Set([...NAMED.keys()].map((name) => name.length));

/** tchar (RFC 9110 §5.6.2) by char code. */
const TOKEN = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  TOKEN[c.charCodeAt(0)] = 1;
}
/**
 * Header lines read at most; node:http keeps only its first 1,000 headers, so a head with more could
 * carry credentials node:http would not see (more than a CONNECT ever needs goes to node:http).
 */
const MAX_HEADER_LINES = 100;
/** What an authority-form target may hold here: host names, IPv4, bracketed IPv6, port. */
const AUTHORITY = /^[A-Za-z0-9._:[\]-]+$/;

/**
 * Reads everything received so far. `incomplete` only while fewer bytes than `CONNECT ` came and
 * they match it: a CONNECT head that is not whole in the bytes that named the method (split across
 * packets, or with odd line ends that never make a `\r\n\r\n`) is node:http's, whose parser answers
 * at once and costs the same per byte however the head is split.
 */
export function readConnectHead(bytes: Buffer, maxBytes: number): HeadReading {
  const prefixBytes = Math.min(bytes.length, PREFIX.length);
  if (bytes.toString('latin1', 0, prefixBytes) !== PREFIX.slice(0, prefixBytes)) return 'other';
  if (bytes.length < PREFIX.length) return 'incomplete';
  const headEnd = bytes.indexOf('\r\n\r\n', 0, 'latin1');
  if (headEnd < 0) return 'other';
  const end = headEnd + 4;
  if (end > maxBytes) return 'other';
  const text = bytes.toString('latin1', 0, headEnd);

  const lineEnd = text.indexOf('\r\n');
  const requestLine = lineEnd < 0 ? text : text.slice(0, lineEnd);
  const space = requestLine.indexOf(' ', PREFIX.length);
  if (space < 0) return 'other';
  const authority = requestLine.slice(PREFIX.length, space);
  const version = requestLine.slice(space + 1);
  if ((version !== 'HTTP/1.1' && version !== 'HTTP/1.0') || !AUTHORITY.test(authority)) return 'other';

  const head: ConnectHead = { authority, proxyAuthorization: undefined, acceptLanguage: undefined, end };
  let at = lineEnd < 0 ? text.length : lineEnd + 2;
  for (let lines = 0; at < text.length; lines++) {
    if (lines === MAX_HEADER_LINES) return 'other';
    let next = text.indexOf('\r\n', at);
    if (next < 0) next = text.length;
    const value = headerValue(text, at, next);
    if (value === undefined) return 'other';
    const colon = text.indexOf(':', at);
    const field = NAMED_LENGTHS.has(colon - at) ? NAMED.get(text.slice(at, colon).toLowerCase()) : undefined;
    if (field === 'framing') return 'other';
    if (field !== undefined) {
      if (head[field] !== undefined) return 'other';
      head[field] = value;
    }
    at = next + 2;
  }
  return head;
}

/** `name: value` in `text[from .. to)`, the value trimmed; undefined when not a plain header line. */
function headerValue(text: string, from: number, to: number): string | undefined {
  let at = from;
  while (at < to && TOKEN[text.charCodeAt(at)] === 1) at++;
  if (at === from || at === to || text.charCodeAt(at) !== 0x3a) return undefined;
  for (let i = at + 1; i < to; i++) {
    const c = text.charCodeAt(i);
    // Visible ASCII, obs-text, space and tab; no other control characters (CR and LF included).
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return undefined;
  }
  let start = at + 1;
  let stop = to;
  while (start < stop && isOws(text.charCodeAt(start))) start++;
  while (stop > start && isOws(text.charCodeAt(stop - 1))) stop--;
  return text.slice(start, stop);
}

/** Optional whitespace around a field value: space and tab only (not obs-text's 0xA0). */
const isOws = (c: number) => c === 0x20 || c === 0x09;
