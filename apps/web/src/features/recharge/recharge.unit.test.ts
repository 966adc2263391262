import { MAX_RECHARGE_CENTS, ResultCode } from '@resiport/contract';
import { describe, expect, it, vi } from 'vitest';
import { checkoutOf, paymentCheckOf, type CheckedRecharge } from './payment-check';
import { isTransient } from '../../lib/checkout-return';
import { idParamOf } from '../../lib/id-param';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import {
  amountParamOf,
  attemptFor,
  checkRechargeAmount,
  rechargeSummary,
  summaryOfCents,
} from './recharge-amount';

describe('checkRechargeAmount', () => {
  it('accepts whole and two-decimal USD amounts from the 20 USD minimum', () => {
    expect(checkRechargeAmount('20')).toEqual({ ok: true, cents: 2000 });
    expect(checkRechargeAmount(' 25.5 ')).toEqual({ ok: true, cents: 2550 });
    expect(checkRechargeAmount('25.50')).toEqual({ ok: true, cents: 2550 });
    expect(checkRechargeAmount('100000')).toEqual({ ok: true, cents: MAX_RECHARGE_CENTS });
  });

  it('reads a decimal comma as a point', () => {
    expect(checkRechargeAmount('25,75')).toEqual({ ok: true, cents: 2575 });
  });

  it('names what is wrong', () => {
    expect(checkRechargeAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(checkRechargeAmount(undefined)).toEqual({ ok: false, problem: 'required' });
    expect(checkRechargeAmount('   ')).toEqual({ ok: false, problem: 'required' });
    for (const bad of ['25.555', '-25', '2e3', '25.', 'abc', '1,000.00', '+30', '25 USD']) {
      expect(checkRechargeAmount(bad)).toEqual({ ok: false, problem: 'format' });
    }
    expect(checkRechargeAmount('19.99')).toEqual({ ok: false, problem: 'min' });
    expect(checkRechargeAmount('0')).toEqual({ ok: false, problem: 'min' });
    expect(checkRechargeAmount('100000.01')).toEqual({ ok: false, problem: 'max' });
  });
});

describe('rechargeSummary', () => {
  it('adds the 3% crypto fee, rounded half up to the cent', () => {
    expect(rechargeSummary('25')).toEqual({ amountCents: 2500, feeCents: 75, totalCents: 2575 });
    expect(rechargeSummary('20')).toEqual({ amountCents: 2000, feeCents: 60, totalCents: 2060 });
    // 3% of 20.50 is 0.615 → 0.62
    expect(summaryOfCents(2050)).toEqual({ amountCents: 2050, feeCents: 62, totalCents: 2112 });
    expect(summaryOfCents(2016)).toEqual({ amountCents: 2016, feeCents: 60, totalCents: 2076 });
  });

  it('has nothing to show for an amount that cannot be paid', () => {
    expect(rechargeSummary('10')).toBeUndefined();
    expect(rechargeSummary('')).toBeUndefined();
    expect(rechargeSummary('1.234')).toBeUndefined();
  });
});

describe('payment attempts', () => {
  it('keeps the idempotency key while the amount stays, and starts a new one for a new amount', () => {
    const newKey = vi.fn().mockReturnValueOnce('key-one-1').mockReturnValueOnce('key-two-2');
    const first = attemptFor(null, 2500, newKey);
    expect(first).toEqual({ cents: 2500, key: 'key-one-1' });
    expect(attemptFor(first, 2500, newKey)).toBe(first);
    expect(attemptFor(first, 5000, newKey)).toEqual({ cents: 5000, key: 'key-two-2' });
    expect(newKey).toHaveBeenCalledTimes(2);
  });

  it('makes keys the server accepts, with or without crypto.randomUUID', () => {
    const accepted = /^[\w-]{8,64}$/;
    expect(newIdempotencyKey()).toMatch(accepted);
    const insecure = { getRandomValues: <T extends Uint8Array>(array: T) => crypto.getRandomValues(array) };
    const key = newIdempotencyKey(insecure);
    expect(key).toMatch(accepted);
    expect(key).toHaveLength(32);
    expect(newIdempotencyKey(insecure)).not.toBe(key);
  });
});

const recharge: CheckedRecharge = {
  id: 7,
  amount_cents: 2500,
  fee_cents: 75,
  total_cents: 2575,
  status: 'paid',
  payment_detail: null,
  payment_received: null,
  payment_extra_cents: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  paid_at: '2026-01-01T00:05:00.000Z',
  checkout_url: null,
  balance_cents: 2500,
};

describe('paymentCheckOf', () => {
  it('reads a settled recharge from a success', () => {
    expect(paymentCheckOf({ ok: true, msg: 'ok', data: recharge })).toEqual({
      status: 'paid',
      recharge,
      msg: 'ok',
    });
  });

  it('reads PaymentPending, passed through after its toast, as unpaid with the same data', () => {
    const pending = { ...recharge, status: 'unpaid', paid_at: null, balance_cents: 0 };
    expect(
      paymentCheckOf({ ok: false, code: ResultCode.PaymentPending, msg: 'not yet', data: pending }),
    ).toEqual({ status: 'unpaid', recharge: pending, msg: 'not yet' });
  });

  it('reports any other answer as an error with the server message', () => {
    expect(paymentCheckOf({ ok: false, code: ResultCode.NotFound, msg: 'Not found', data: null })).toEqual({
      status: 'error',
      code: ResultCode.NotFound,
      msg: 'Not found',
    });
    expect(paymentCheckOf({ ok: false, code: ResultCode.PaymentPending, msg: 'x', data: {} }).status).toBe(
      'error',
    );
  });
});

describe('isTransient', () => {
  it('offers another check only when the provider or the server failed', () => {
    expect(isTransient(ResultCode.PaymentProviderUnavailable)).toBe(true);
    expect(isTransient(ResultCode.InternalError)).toBe(true);
    expect(isTransient(ResultCode.ServiceUnavailable)).toBe(true);
    expect(isTransient(ResultCode.NotFound)).toBe(false);
    expect(isTransient(ResultCode.ValidationFailed)).toBe(false);
  });
});

describe('checkoutOf', () => {
  const checkout = {
    url: 'http://localhost/sandbox/cryptomus/pay/abc',
    recharge_id: 7,
    amount_cents: 2500,
    fee_cents: 75,
    total_cents: 2575,
  };

  it('takes the checkout of a GoToPayment pass-through', () => {
    expect(checkoutOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: checkout })).toEqual(
      checkout,
    );
    const relative = { ...checkout, url: '/sandbox/cryptomus/pay/abc' };
    expect(checkoutOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: relative })).toEqual(
      relative,
    );
  });

  it('refuses other codes, malformed data and addresses that are not web pages', () => {
    expect(
      checkoutOf({ ok: false, code: ResultCode.PaymentRequired, msg: '', data: checkout }),
    ).toBeUndefined();
    expect(
      checkoutOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: { url: 1 } }),
    ).toBeUndefined();
    const script = { ...checkout, url: 'javascript:alert(1)' };
    expect(checkoutOf({ ok: false, code: ResultCode.GoToPayment, msg: '', data: script })).toBeUndefined();
  });
});

describe('idParamOf (recharge)', () => {
  it('reads a positive recharge id from the return address', () => {
    expect(idParamOf(new URLSearchParams('recharge_id=42'), 'recharge_id')).toBe(42);
    expect(idParamOf(new URLSearchParams(''), 'recharge_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('recharge_id=0'), 'recharge_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('recharge_id=4x'), 'recharge_id')).toBeUndefined();
    expect(idParamOf(new URLSearchParams('recharge_id=-3'), 'recharge_id')).toBeUndefined();
  });
});

describe('amountParamOf', () => {
  it('prefills a USD amount handed over in ?amount= (e.g. from a new order short of balance)', () => {
    expect(amountParamOf(new URLSearchParams('amount=20.00'))).toBe('20.00');
    expect(amountParamOf(new URLSearchParams('amount=37.5'))).toBe('37.50');
    expect(amountParamOf(new URLSearchParams('amount=5'))).toBe('5.00');
  });

  it('ignores anything that is not an amount', () => {
    expect(amountParamOf(new URLSearchParams(''))).toBeUndefined();
    for (const bad of ['', 'abc', '-20', '2e3', '1.234', '100000.01']) {
      expect(amountParamOf(new URLSearchParams({ amount: bad }))).toBeUndefined();
    }
  });
});
