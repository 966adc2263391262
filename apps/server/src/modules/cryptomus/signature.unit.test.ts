import { describe, expect, it } from 'vitest';
import { phpJsonEncodeAscii } from './php-json';
import { md5Sign, signRequest, signWebhookPayload, verifyWebhookSignature } from './signature';

const WEBHOOK_KEY = 'test-payment-key';
// Cryptomus' webhook signature: the data as PHP's json_encode writes it (note `plan\/5gb`).
const SIGNED_DATA =
  '{"type":"payment","uuid":"62f88b36-a9d5-4fa6-aa26-e040c3dbf26d","order_id":"order-42","amount":"10.00","status":"paid","is_final":true,"additional_data":"plan\\/5gb"}';
const SIGN = '1481a3c57e165e14401d7400c48ca406';
const withSign = (data: string, sign: unknown) => `${data.slice(0, -1)},"sign":${JSON.stringify(sign)}}`;

describe('signRequest', () => {
  it('matches the documented vectors', () => {
    expect(signRequest('{"amount":10,"currency":"usd","order_id":"OrDeRiD"}', 'bcda')).toBe(
      '0f66e9e002a45d4285cc77a227dadfeb',
    );
    expect(signRequest('', 'bcda')).toBe('078c4e73146ba90c3e4e9daa1facac28');
  });

  it('signs the bytes as given, without PHP re-escaping (the @qweme32/cryptomus bug)', () => {
    const body = '{"url_callback":"https://shop.test/hook"}';
    expect(signRequest(body, 'k')).toBe(md5Sign(body, 'k'));
    expect(signRequest(body, 'k')).not.toBe(md5Sign(body.replaceAll('/', '\\/'), 'k'));
  });
});

describe('verifyWebhookSignature', () => {
  it('accepts the documented vector, sent escaped as PHP sends it', () => {
    expect(md5Sign(SIGNED_DATA, WEBHOOK_KEY)).toBe(SIGN);
    const result = verifyWebhookSignature(withSign(SIGNED_DATA, SIGN), WEBHOOK_KEY);
    expect(result.ok).toBe(true);
    expect(result.payload).toMatchObject({ additional_data: 'plan/5gb', status: 'paid' });
    expect(result.payload).not.toHaveProperty('sign');
  });

  it('accepts the same webhook re-sent with unescaped slashes (re-encoding restores the \\/)', () => {
    const unescaped = withSign(SIGNED_DATA.replace('plan\\/5gb', 'plan/5gb'), SIGN);
    expect(verifyWebhookSignature(unescaped, WEBHOOK_KEY).ok).toBe(true);
  });

  it('rejects the unescaped variant: a sign over `plan/5gb` (what a JS-only signer or verifier computes)', () => {
    const naiveSign = md5Sign(SIGNED_DATA.replace('plan\\/5gb', 'plan/5gb'), WEBHOOK_KEY);
    expect(naiveSign.startsWith('bd8b5e9d')).toBe(true);
    expect(verifyWebhookSignature(withSign(SIGNED_DATA, naiveSign), WEBHOOK_KEY).ok).toBe(false);
  });

  it('accepts a body signed over its own exact bytes, slashes unescaped (the raw-text method; still needs the key)', () => {
    const unescapedData = SIGNED_DATA.replace('plan\\/5gb', 'plan/5gb');
    const body = withSign(unescapedData, md5Sign(unescapedData, WEBHOOK_KEY));
    expect(verifyWebhookSignature(body, WEBHOOK_KEY).ok).toBe(true);
    expect(verifyWebhookSignature(body, 'another-key').ok).toBe(false);
  });

  it('rejects tampered amount, status, uuid and a wrong key', () => {
    const valid = withSign(SIGNED_DATA, SIGN);
    for (const forged of [
      valid.replace('"amount":"10.00"', '"amount":"1000.00"'),
      valid.replace('"status":"paid"', '"status":"paid_over"'),
      valid.replace('"is_final":true', '"is_final":false'),
      valid.replace('62f88b36', '62f88b37'),
    ]) {
      expect(verifyWebhookSignature(forged, WEBHOOK_KEY).ok).toBe(false);
    }
    expect(verifyWebhookSignature(valid, 'another-key').ok).toBe(false);
  });

  it('rejects a missing, empty, non-string or truncated sign, and bodies that are not JSON objects', () => {
    for (const body of [
      SIGNED_DATA,
      withSign(SIGNED_DATA, ''),
      withSign(SIGNED_DATA, null),
      withSign(SIGNED_DATA, 12345),
      withSign(SIGNED_DATA, SIGN.slice(0, 31)),
      withSign(SIGNED_DATA, `${SIGN}00`),
      '',
      'not json',
      '[1,2]',
      'null',
    ]) {
      expect(verifyWebhookSignature(body, WEBHOOK_KEY)).toEqual({ ok: false });
    }
  });

  it('round-trips non-ASCII and line separators in additional_data (PHP keeps UTF-8, escapes U+2028)', () => {
    const data = { type: 'payment', uuid: 'u', additional_data: 'Пополнение €5 😀 a/b \u2028 end' };
    const body = signWebhookPayload(data, WEBHOOK_KEY);
    expect(body).toContain('Пополнение €5 😀 a\\/b \\u2028 end');
    const result = verifyWebhookSignature(body, WEBHOOK_KEY);
    expect(result).toEqual({ ok: true, payload: data });
    // The same payload re-serialised by a JS sender (raw U+2028, unescaped slash) still verifies.
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body)), WEBHOOK_KEY).ok).toBe(true);
  });

  it('accepts a signer that escaped Unicode as \\uXXXX (json_encode without JSON_UNESCAPED_UNICODE)', () => {
    const data = { type: 'payment', note: 'Привет 😀' };
    const ascii = '{"type":"payment","note":"\\u041f\\u0440\\u0438\\u0432\\u0435\\u0442 \\ud83d\\ude00"}';
    expect(JSON.parse(ascii)).toEqual(data);
    expect(phpJsonEncodeAscii(data)).toBe(ascii);
    expect(verifyWebhookSignature(withSign(ascii, md5Sign(ascii, WEBHOOK_KEY)), WEBHOOK_KEY).ok).toBe(true);
  });

  it('falls back to cutting "sign" out of the raw text when re-encoding cannot reproduce the bytes', () => {
    // PHP writes the float 10.0 as `10.0`; JSON.parse + stringify gives `10`.
    const data = '{"type":"payment","uuid":"u","amount_float":10.0,"order_id":"o"}';
    const sign = md5Sign(data, WEBHOOK_KEY);
    expect(verifyWebhookSignature(withSign(data, sign), WEBHOOK_KEY).ok).toBe(true);
    const signFirst = `{"sign":"${sign}",${data.slice(1)}`;
    expect(verifyWebhookSignature(signFirst, WEBHOOK_KEY).ok).toBe(true);
  });

  it('signWebhookPayload appends sign last and drops a sign already in the data', () => {
    const body = signWebhookPayload({ a: 'x/y', sign: 'stale' }, WEBHOOK_KEY);
    expect(body).toBe(`{"a":"x\\/y","sign":"${md5Sign('{"a":"x\\/y"}', WEBHOOK_KEY)}"}`);
  });
});
