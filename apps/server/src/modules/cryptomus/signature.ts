import { createHash, timingSafeEqual } from 'node:crypto';
import { phpJsonEncode, phpJsonEncodeAscii } from './php-json';

/**
 * Cryptomus signatures: `md5(base64(json) + apiKey)`, lowercase hex (Cryptomus API docs, doc.cryptomus.com: request and webhook signatures).
 * MD5 is the provider's choice, not ours (ASVS 11.4.1 exception): webhooks are treated as signed
 * hints and re-checked with payment/info before money moves.
 */
export function md5Sign(json: string, apiKey: string): string {
  return createHash('md5')
    .update(Buffer.from(json, 'utf8').toString('base64') + apiKey)
    .digest('hex');
}

/** The `sign` header of an outgoing request: over the exact body string that is sent, nothing re-encoded. */
export function signRequest(bodyJson: string, apiKey: string): string {
  return md5Sign(bodyJson, apiKey);
}

/** A webhook body as Cryptomus builds it: sign the PHP encoding of the data, then append `sign`. */
export function signWebhookPayload(data: Record<string, unknown>, apiKey: string): string {
  const withoutSign = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'sign'));
  return phpJsonEncode({ ...withoutSign, sign: md5Sign(phpJsonEncode(withoutSign), apiKey) });
}

export interface WebhookVerification {
  ok: boolean;
  /** The parsed body without `sign`; present only when the signature matched. */
  payload?: Record<string, unknown>;
}

/**
 * Checks a webhook's body-borne `sign`. Accepted when any of these reproduces it:
 * 1. the documented method: parse, drop `sign`, re-encode PHP-style (`\/`, raw Unicode);
 * 2. the same without JSON_UNESCAPED_UNICODE (`\uXXXX`), in case the signer left the flag out;
 * 3. the raw body with the `"sign":"…"` member cut out textually, which survives what a
 *    re-encoding cannot reproduce (PHP floats such as `1.0`, key order of numeric keys).
 * All comparisons are constant-time over equal-length buffers.
 */
export function verifyWebhookSignature(rawBody: string, apiKey: string): WebhookVerification {
  const parsed = parseObject(rawBody);
  if (!parsed) return { ok: false };
  const { sign, ...payload } = parsed;
  if (typeof sign !== 'string' || sign.length === 0) return { ok: false };
  const candidates = [phpJsonEncode(payload), phpJsonEncodeAscii(payload), stripSignMember(rawBody, sign)];
  const ok = candidates.some((json) => json !== undefined && signaturesMatch(md5Sign(json, apiKey), sign));
  return ok ? { ok, payload } : { ok: false };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The raw body minus its one `"sign":"<value>"` member and the comma that joined it; undefined when
 * the member is not found exactly once (then this method simply does not apply). */
function stripSignMember(rawBody: string, sign: string): string | undefined {
  if (!/^[0-9a-f]+$/i.test(sign)) return undefined;
  const member = new RegExp(`(,\\s*"sign"\\s*:\\s*"${sign}")|("sign"\\s*:\\s*"${sign}"\\s*,?)`, 'g');
  const matches = rawBody.match(member);
  if (matches?.length !== 1) return undefined;
  return rawBody.replace(member, '');
}

/** Constant-time comparison of a computed hex signature with a received one (case-insensitive hex). */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
