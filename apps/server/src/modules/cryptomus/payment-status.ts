/**
 * Every Cryptomus payment status (integrations.md §1.4) and what it means for our recharge/order:
 * the one table the webhook handler, the status check and the reconciliation job all read.
 */

/** Our side of an invoice. `failed` includes underpayment (`wrong_amount`: manual review, never
 * auto-credited) and refunds; `expired` is Cryptomus' `cancel` (nobody paid in time). */
export type OurPaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

interface StatusRule {
  /** What an uncredited invoice becomes once this status is final. */
  ours: OurPaymentStatus;
  /** True when the invoice can never turn into a credit any more. */
  final: boolean;
}

export const cryptomusStatuses = {
  check: { ours: 'pending', final: false }, // waiting for the transaction to appear
  process: { ours: 'pending', final: false },
  confirm_check: { ours: 'pending', final: false }, // seen on chain, unconfirmed: never credit yet
  wrong_amount_waiting: { ours: 'pending', final: false }, // underpaid, payer may still top up
  locked: { ours: 'pending', final: false }, // held by AML: not ours to credit
  paid: { ours: 'paid', final: true },
  paid_over: { ours: 'paid', final: true }, // we credit our invoice amount, not the overpayment
  wrong_amount: { ours: 'failed', final: true },
  fail: { ours: 'failed', final: true },
  system_fail: { ours: 'failed', final: true },
  cancel: { ours: 'expired', final: true },
  // Crypto top-ups are not refundable (design §7); if Cryptomus refunds anyway, the money left.
  refund_process: { ours: 'failed', final: true },
  refund_fail: { ours: 'failed', final: true },
  refund_paid: { ours: 'failed', final: true },
} as const satisfies Record<string, StatusRule>;

export type CryptomusStatus = keyof typeof cryptomusStatuses;

export function isKnownStatus(status: string): status is CryptomusStatus {
  return Object.hasOwn(cryptomusStatuses, status);
}

/** Money arrived and the invoice is closed: the only case that may credit (after re-checking payment/info). */
export function isCreditable(status: string, isFinal: boolean): boolean {
  return isFinal && (status === 'paid' || status === 'paid_over');
}

/** The invoice closed without money for us: mark the recharge failed/expired, never credit. */
export function isFinalFailure(status: string): boolean {
  if (!isKnownStatus(status)) return false;
  const rule: StatusRule = cryptomusStatuses[status];
  return rule.final && rule.ours !== 'paid';
}

/** Our status for a Cryptomus status; unknown statuses stay pending (logged by the caller, never credited). */
export function ourPaymentStatus(status: string, isFinal: boolean): OurPaymentStatus {
  if (isCreditable(status, isFinal)) return 'paid';
  if (isFinalFailure(status)) return cryptomusStatuses[status as CryptomusStatus].ours;
  return 'pending';
}
