import { ResultCode, type Order } from '@resiport/contract';
import { describe, expect, it } from 'vitest';
import { idParamOf } from '../../lib/id-param';
import { orderCheckOf, payableCheckoutOf, payOutcomeOf, type OrderPaid } from './order-payment';

const GB = 1_000_000_000;

const order: Order = {
  id: 9,
  quantity_gb: 25,
  traffic_bytes: 25 * GB,
  package_code: 'pro',
  is_trial: false,
  amount_cents: 10_000,
  paid_type: 'cryptomus',
  created_at: '2026-01-01T00:00:00.000Z',
  paid_at: null,
  status: 'unpaid',
  price_per_gb_cents: 400,
  total_cents: 10_300,
  original_cents: 10_000,
  discount_cents: 0,
  fee_cents: 300,
  coupon_code: null,
  checkout_url: 'http://localhost/sandbox/cryptomus/pay/abc',
  payment_detail: null,
  payment_received: null,
  payment_extra_cents: 0,
  refunded_cents: null,
};

describe('payOutcomeOf', () => {
  const paid: OrderPaid = {
    order: { ...order, status: 'paid', paid_type: 'balance', checkout_url: null },
    balance_cents: 500,
    traffic_left_bytes: 25 * GB,
  };
  const checkout = { url: 'http://localhost/sandbox/cryptomus/pay/abc', order_id: 9, total_cents: 10_300 };

  it('reads a paid order', () => {
    expect(payOutcomeOf({ ok: true, msg: 'ok', data: paid })).toEqual({ kind: 'paid', paid });
  });

  it('reads GoToPayment as the checkout to go to, only for a web address', () => {
    expect(payOutcomeOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: checkout })).toEqual({
      kind: 'checkout',
      checkout,
    });
    const script = { ...checkout, url: 'javascript:alert(1)' };
    expect(payOutcomeOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: script }).kind).toBe(
      'unexpected',
    );
  });

  it('reads PaymentRequired as how much the balance is short', () => {
    const shortfall = { amount_cents: 10_000, balance_cents: 2500, missing_cents: 7500 };
    expect(payOutcomeOf({ ok: false, code: ResultCode.PaymentRequired, msg: '', data: shortfall })).toEqual({
      kind: 'balanceShort',
      shortfall,
    });
  });

  it('calls anything else unexpected', () => {
    expect(payOutcomeOf({ ok: false, code: ResultCode.PaymentRequired, msg: '', data: {} }).kind).toBe(
      'unexpected',
    );
    expect(payOutcomeOf({ ok: false, code: ResultCode.NotFound, msg: '', data: null }).kind).toBe(
      'unexpected',
    );
  });
});

describe('orderCheckOf', () => {
  it('reads a settled order', () => {
    const paid = { ...order, status: 'paid' as const };
    expect(orderCheckOf({ ok: true, msg: 'ok', data: paid })).toEqual({
      status: 'paid',
      order: paid,
      msg: 'ok',
    });
    const cancelled = { ...order, status: 'cancelled' as const };
    expect(orderCheckOf({ ok: true, msg: '', data: cancelled }).status).toBe('cancelled');
    expect(orderCheckOf({ ok: true, msg: '', data: order }).status).toBe('pending');
  });

  it('reads PaymentPending, passed through after its toast, as pending with the order', () => {
    expect(orderCheckOf({ ok: false, code: ResultCode.PaymentPending, msg: 'not yet', data: order })).toEqual(
      {
        status: 'pending',
        order,
        msg: 'not yet',
      },
    );
  });

  it('reports any other answer as an error with the server message', () => {
    expect(orderCheckOf({ ok: false, code: ResultCode.NotFound, msg: 'Not found', data: null })).toEqual({
      status: 'error',
      code: ResultCode.NotFound,
      msg: 'Not found',
    });
    expect(orderCheckOf({ ok: false, code: ResultCode.PaymentPending, msg: '', data: {} }).status).toBe(
      'error',
    );
  });
});

describe('idParamOf (order)', () => {
  it('reads a positive order id from the checkout’s return address', () => {
    expect(idParamOf(new URLSearchParams('order_id=42'), 'order_id')).toBe(42);
    expect(idParamOf(new URLSearchParams(''), 'order_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('order_id=0'), 'order_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('order_id=4x'), 'order_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('order_id=-3'), 'order_id')).toBeUndefined();
  });
});

describe('payableCheckoutOf', () => {
  it('offers the checkout of an unpaid crypto order only', () => {
    expect(payableCheckoutOf(order)).toBe(order.checkout_url);
    expect(payableCheckoutOf({ ...order, status: 'cancelled' })).toBeUndefined();
    expect(payableCheckoutOf({ ...order, checkout_url: null })).toBeUndefined();
    expect(payableCheckoutOf({ ...order, checkout_url: 'javascript:alert(1)' })).toBeUndefined();
  });
});
