import { describe, expect, it } from 'vitest';
import { cryptomusStatuses, isCreditable, isFinalFailure, paymentOutcomeOf } from './payment-status';

describe('Cryptomus payment statuses', () => {
  it('credits only paid / paid_over, and only when final', () => {
    const creditable = Object.keys(cryptomusStatuses).flatMap((status) =>
      [true, false]
        .filter((isFinal) => isCreditable(status, isFinal))
        .map((isFinal) => `${status}:${isFinal}`),
    );
    expect(creditable).toEqual(['paid:true', 'paid_over:true']);
    expect(paymentOutcomeOf('paid', false)).toEqual({ status: 'unpaid', detail: 'confirming' });
    expect(paymentOutcomeOf('paid_over', true)).toEqual({ status: 'paid', detail: 'paid_over' });
  });

  it('maps every status to the product status and the provider detail (decision 026)', () => {
    const table = Object.fromEntries(
      Object.keys(cryptomusStatuses).map((status) => {
        const { status: ours, detail } = paymentOutcomeOf(status, true);
        return [status, detail === null ? ours : `${ours}/${detail}`];
      }),
    );
    expect(table).toEqual({
      check: 'unpaid',
      process: 'unpaid/processing',
      confirm_check: 'unpaid/confirming',
      wrong_amount_waiting: 'unpaid/underpaid',
      locked: 'unpaid/locked',
      paid: 'paid',
      paid_over: 'paid/paid_over',
      wrong_amount: 'cancelled/underpaid',
      fail: 'cancelled/failed',
      system_fail: 'cancelled/failed',
      cancel: 'cancelled/expired',
      refund_process: 'refunded/refund_pending',
      refund_paid: 'refunded',
      refund_fail: 'cancelled/refund_failed',
    });
  });

  it('never credits on statuses that only look promising', () => {
    for (const status of ['confirm_check', 'check', 'process', 'wrong_amount_waiting', 'locked']) {
      expect(isCreditable(status, true)).toBe(false);
      expect(isFinalFailure(status)).toBe(false);
      expect(paymentOutcomeOf(status, true).status).toBe('unpaid');
    }
  });

  it('closes without credit on the final failures', () => {
    for (const status of [
      'cancel',
      'fail',
      'system_fail',
      'wrong_amount',
      'refund_process',
      'refund_fail',
      'refund_paid',
    ]) {
      expect(isFinalFailure(status)).toBe(true);
    }
    expect(isFinalFailure('paid')).toBe(false);
  });

  it('keeps unknown statuses unpaid and never creditable', () => {
    for (const status of ['', 'PAID', 'paid ', 'toString', '__proto__', 'brand_new_status']) {
      expect(isCreditable(status, true)).toBe(false);
      expect(isFinalFailure(status)).toBe(false);
      expect(paymentOutcomeOf(status, true)).toEqual({ status: 'unpaid', detail: null });
    }
  });
});
