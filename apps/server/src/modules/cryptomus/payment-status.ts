import type { PaymentDetail, rechargeStatuses } from '@resiport/contract';

/**
 * Every Cryptomus payment status (Cryptomus API docs, doc.cryptomus.com, payment statuses) and what it means for our recharge/order:
 * the one table the webhook handler, the status check and the reconciliation job all read
 * (decision 026 explains each row).
 */

/** Our side of an invoice, in the product's words (docs/product.md#payment-status). */
export type OurPaymentStatus = (typeof rechargeStatuses)[number];

export interface PaymentOutcome {
  status: OurPaymentStatus;
  /** The provider's word beside the status; null when the status says it all. */
  detail: PaymentDetail | null;
}

interface StatusRule extends PaymentOutcome {
  /** True when the invoice can never turn into a credit any more. */
  final: boolean;
}

export const cryptomusStatuses = {
  check: { status: 'unpaid', detail: null, final: false }, // waiting for the transaction to appear
  process: { status: 'unpaid', detail: 'processing', final: false },
  confirm_check: { status: 'unpaid', detail: 'confirming', final: false }, // on chain, unconfirmed: never credit yet
  wrong_amount_waiting: { status: 'unpaid', detail: 'underpaid', final: false }, // payer may still send the rest
  locked: { status: 'unpaid', detail: 'locked', final: false }, // held by AML: not ours to credit
  paid: { status: 'paid', detail: null, final: true },
  paid_over: { status: 'paid', detail: 'paid_over', final: true }, // we credit our invoice amount
  // Money arrived but less than due: never credited automatically; an operator resolves it.
  wrong_amount: { status: 'cancelled', detail: 'underpaid', final: true },
  fail: { status: 'cancelled', detail: 'failed', final: true },
  system_fail: { status: 'cancelled', detail: 'failed', final: true },
  cancel: { status: 'cancelled', detail: 'expired', final: true }, // nobody paid in time
  // Crypto top-ups are not refundable (docs/architecture.md#payments); if Cryptomus refunds anyway, the money left.
  refund_process: { status: 'refunded', detail: 'refund_pending', final: true },
  refund_paid: { status: 'refunded', detail: null, final: true },
  refund_fail: { status: 'cancelled', detail: 'refund_failed', final: true },
} as const satisfies Record<string, StatusRule>;

export type CryptomusStatus = keyof typeof cryptomusStatuses;

export function isKnownStatus(status: string): status is CryptomusStatus {
  return Object.hasOwn(cryptomusStatuses, status);
}

/** Money arrived and the invoice is closed: the only case that may credit (after re-checking payment/info). */
export function isCreditable(status: string, isFinal: boolean): boolean {
  return isFinal && (status === 'paid' || status === 'paid_over');
}

/** The invoice closed without money for us: cancel or refund the recharge/order, never credit. */
export function isFinalFailure(status: string): boolean {
  if (!isKnownStatus(status)) return false;
  const rule: StatusRule = cryptomusStatuses[status];
  return rule.final && rule.status !== 'paid';
}

/**
 * Our status and detail for a Cryptomus status. Unknown statuses stay unpaid (logged by the caller,
 * never credited); a `paid` that is not final yet is still confirming.
 */
export function paymentOutcomeOf(status: string, isFinal: boolean): PaymentOutcome {
  if (!isKnownStatus(status)) return { status: 'unpaid', detail: null };
  const rule: StatusRule = cryptomusStatuses[status];
  if (rule.status === 'paid') {
    return isCreditable(status, isFinal)
      ? { status: 'paid', detail: rule.detail }
      : { status: 'unpaid', detail: 'confirming' };
  }
  return { status: rule.status, detail: rule.detail };
}
