import { describe, expect, it } from 'vitest';
import { md5Sign, signWebhookPayload } from './signature';
import { parseWebhook } from './webhook';

const KEY = 'webhook-key';
const data = {
  type: 'payment',
  uuid: '62f88b36-a9d5-4fa6-aa26-e040c3dbf26d',
  order_id: 'rc-17',
  amount: '20.60',
  payment_amount: '20.60',
  is_final: true,
  status: 'paid',
  currency: 'USD',
  additional_data: 'top-up/20',
  txid: 'abc',
};

describe('parseWebhook', () => {
  it('returns the verified, typed payment', () => {
    const result = parseWebhook(signWebhookPayload(data, KEY), KEY);
    expect(result).toEqual({
      ok: true,
      webhook: {
        type: 'payment',
        uuid: data.uuid,
        orderId: 'rc-17',
        status: 'paid',
        isFinal: true,
        amount: '20.60',
        amountCents: 2060n,
        currency: 'USD',
        txid: 'abc',
        additionalData: 'top-up/20',
        paymentAmount: '20.60',
        paymentAmountUsd: null,
        payerCurrency: null,
        payload: data,
      },
    });
  });

  it('rejects bad signatures before looking at the content', () => {
    const body = signWebhookPayload(data, KEY);
    expect(parseWebhook(body, 'other-key')).toEqual({ ok: false, reason: 'bad_signature' });
    expect(parseWebhook(body.replace('20.60', '2060.00'), KEY)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(parseWebhook('{', KEY)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(parseWebhook('', KEY)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('rejects signed bodies of the wrong shape, and sets aside signed wallet webhooks', () => {
    const noFinal = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'is_final'));
    expect(parseWebhook(signWebhookPayload(noFinal, KEY), KEY)).toEqual({ ok: false, reason: 'bad_shape' });
    const stringFinal = { ...data, is_final: 'true' };
    expect(parseWebhook(signWebhookPayload(stringFinal, KEY), KEY)).toEqual({
      ok: false,
      reason: 'bad_shape',
    });
    const wallet = { ...data, type: 'wallet' };
    expect(parseWebhook(signWebhookPayload(wallet, KEY), KEY)).toEqual({
      ok: false,
      reason: 'not_a_payment',
    });
  });

  it('keeps a crypto-style amount as text without inventing cents', () => {
    const body = signWebhookPayload({ ...data, amount: '0.00123456' }, KEY);
    const result = parseWebhook(body, KEY);
    expect(result.ok && result.webhook.amountCents).toBeUndefined();
    expect(result.ok && result.webhook.amount).toBe('0.00123456');
  });

  it('accepts a body PHP signed with its own float formatting', () => {
    const raw =
      '{"type":"payment","uuid":"u-1","order_id":"o-1","amount":"5.00","status":"cancel","is_final":true,"rate":1.0}';
    const body = `${raw.slice(0, -1)},"sign":"${md5Sign(raw, KEY)}"}`;
    expect(parseWebhook(body, KEY)).toMatchObject({
      ok: true,
      webhook: { status: 'cancel', amountCents: 500n },
    });
  });
});
