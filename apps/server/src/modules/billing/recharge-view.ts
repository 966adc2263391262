import type { PaymentReceived, RechargeRecord } from '@resiport/contract';
import type { RechargeView } from './recharge.repository';

/** What the payer sent, when the provider reported anything (decision 026). */
export function receivedView(row: {
  received_amount: string | null;
  received_currency: string | null;
}): PaymentReceived {
  return row.received_amount === null
    ? null
    : { amount: row.received_amount, currency: row.received_currency ?? '' };
}

/** A top-up as the API shows it: cents as numbers, times as ISO strings. */
export function toRechargeRecord(recharge: RechargeView): RechargeRecord {
  return {
    id: recharge.id,
    amount_cents: Number(recharge.amount_cents),
    fee_cents: Number(recharge.fee_cents),
    total_cents: Number(recharge.total_cents),
    status: recharge.status,
    payment_detail: recharge.payment_detail,
    payment_received: receivedView(recharge),
    payment_extra_cents: Number(recharge.extra_credited_cents),
    created_at: recharge.created_at.toISOString(),
    paid_at: recharge.paid_at?.toISOString() ?? null,
    // Only an unpaid top-up can be paid at its checkout; a closed one's page would only say so.
    checkout_url: recharge.status === 'unpaid' ? recharge.checkout_url : null,
  };
}
