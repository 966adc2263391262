import { describe, expect, it } from 'vitest';
import { cryptomusStatuses, isCreditable, isFinalFailure, ourPaymentStatus } from './payment-status';

describe('Cryptomus payment statuses', () => {
  it('credits only paid / paid_over, and only when final', () => {
    const creditable = Object.keys(cryptomusStatuses).flatMap((status) =>
      [true, false]
        .filter((isFinal) => isCreditable(status, isFinal))
        .map((isFinal) => `${status}:${isFinal}`),
    );
    expect(creditable).toEqual(['paid:true', 'paid_over:true']);
    expect(ourPaymentStatus('paid', false)).toBe('pending');
    expect(ourPaymentStatus('paid_over', true)).toBe('paid');
  });

  it('never credits on statuses that only look promising', () => {
    for (const status of ['confirm_check', 'check', 'process', 'wrong_amount_waiting', 'locked']) {
      expect(isCreditable(status, true)).toBe(false);
      expect(isFinalFailure(status)).toBe(false);
      expect(ourPaymentStatus(status, true)).toBe('pending');
    }
  });

  it('maps the final failures', () => {
    expect(ourPaymentStatus('cancel', true)).toBe('expired');
    for (const status of [
      'fail',
      'system_fail',
      'wrong_amount',
      'refund_process',
      'refund_fail',
      'refund_paid',
    ]) {
      expect(isFinalFailure(status)).toBe(true);
      expect(ourPaymentStatus(status, true)).toBe('failed');
    }
    expect(isFinalFailure('paid')).toBe(false);
  });

  it('keeps unknown statuses pending and never creditable', () => {
    for (const status of ['', 'PAID', 'paid ', 'toString', '__proto__', 'brand_new_status']) {
      expect(isCreditable(status, true)).toBe(false);
      expect(isFinalFailure(status)).toBe(false);
      expect(ourPaymentStatus(status, true)).toBe('pending');
    }
  });
});
