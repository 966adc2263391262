import type { RechargeRecord } from '@resiport/contract';
import type { RechargeView } from './recharge.repository';

/** A top-up as the API shows it: cents as numbers, times as ISO strings. */
export function toRechargeRecord(recharge: RechargeView): RechargeRecord {
  return {
    id: recharge.id,
    amount_cents: Number(recharge.amount_cents),
    fee_cents: Number(recharge.fee_cents),
    total_cents: Number(recharge.total_cents),
    status: recharge.status,
    created_at: recharge.created_at.toISOString(),
    paid_at: recharge.paid_at?.toISOString() ?? null,
  };
}
