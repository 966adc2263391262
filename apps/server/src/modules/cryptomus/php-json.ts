/**
 * Cryptomus signs webhooks over PHP's `json_encode($data, JSON_UNESCAPED_UNICODE)`; these helpers
 * rebuild those exact bytes from a JS value (Cryptomus API docs, doc.cryptomus.com, webhook signature). JSON.stringify already matches
 * PHP for quotes, backslashes, control characters and raw Unicode; PHP differs in three ways:
 */

/** `/` → `\/` (PHP escapes slashes unless JSON_UNESCAPED_SLASHES), and U+2028/U+2029, which PHP
 * escapes even with JSON_UNESCAPED_UNICODE (JSON_UNESCAPED_LINE_TERMINATORS is not passed). */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * PHP's plain `json_encode($data)` (no flags): as above, and every non-ASCII UTF-16 unit as a
 * lowercase `\uXXXX` (astral characters become surrogate pairs, as PHP writes them). Used only as a
 * fallback when verifying, in case a signer omitted JSON_UNESCAPED_UNICODE.
 */
export function phpJsonEncodeAscii(value: unknown): string {
  return phpJsonEncode(value).replace(
    /[\u0080-\uffff]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
