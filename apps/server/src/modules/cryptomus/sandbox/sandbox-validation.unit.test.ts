import { describe, expect, it } from 'vitest';
import { validateInvoiceRequest } from './sandbox-validation';

const valid = { amount: '20.60', currency: 'usd', order_id: 'rc_1-a' };

describe('validateInvoiceRequest', () => {
  it('fills Cryptomus defaults', () => {
    expect(validateInvoiceRequest(valid)).toEqual({
      ok: true,
      value: {
        amountCents: 2060n,
        currency: 'USD',
        orderId: 'rc_1-a',
        urlCallback: null,
        urlReturn: null,
        urlSuccess: null,
        lifetimeSeconds: 3600,
        isPaymentMultiple: true,
        additionalData: null,
      },
    });
    expect(validateInvoiceRequest({ ...valid, amount: 15 })).toMatchObject({
      ok: true,
      value: { amountCents: 1500n },
    });
  });

  it('reports every broken field with a Laravel rule key', () => {
    expect(validateInvoiceRequest({})).toEqual({
      ok: false,
      errors: {
        amount: ['validation.required'],
        currency: ['validation.required'],
        order_id: ['validation.required'],
      },
    });
    const result = validateInvoiceRequest({
      amount: '1.005',
      currency: 'US D',
      order_id: 'has space',
      url_callback: 'javascript:alert(1)',
      url_return: 'x',
      url_success: 42,
      lifetime: 60,
      is_payment_multiple: 'no',
      additional_data: 'x'.repeat(256),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        amount: ['validation.decimal'],
        currency: ['validation.string'],
        order_id: ['validation.alpha_dash'],
        url_callback: ['validation.url'],
        url_return: ['validation.between.string'],
        url_success: ['validation.string'],
        lifetime: ['validation.between.numeric'],
        is_payment_multiple: ['validation.boolean'],
        additional_data: ['validation.max.string'],
      },
    });
  });

  it('guards the edges', () => {
    expect(validateInvoiceRequest({ ...valid, amount: '0.00' })).toMatchObject({
      errors: { amount: ['validation.min.numeric'] },
    });
    expect(validateInvoiceRequest({ ...valid, amount: '-5' })).toMatchObject({
      errors: { amount: ['validation.decimal'] },
    });
    expect(validateInvoiceRequest({ ...valid, amount: 1e21 })).toMatchObject({
      errors: { amount: ['validation.decimal'] },
    });
    expect(validateInvoiceRequest({ ...valid, order_id: 'a'.repeat(129) })).toMatchObject({
      errors: { order_id: ['validation.max.string'] },
    });
    expect(validateInvoiceRequest({ ...valid, order_id: 'a'.repeat(128), lifetime: 43200 }).ok).toBe(true);
    expect(validateInvoiceRequest({ ...valid, lifetime: 300.5 })).toMatchObject({
      errors: { lifetime: ['validation.integer'] },
    });
  });
});
