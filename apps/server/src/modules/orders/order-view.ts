import { BYTES_PER_GB, type Order } from '@resiport/contract';
import { receivedView } from '../billing/recharge-view';
import type { OrderView } from './order.repository';

/** An order as the API shows it (the customer's list and status, the console's customer records). */
export function toOrder(order: OrderView): Order {
  return {
    id: order.id,
    quantity_gb: Number(order.traffic_bytes) / BYTES_PER_GB,
    traffic_bytes: Number(order.traffic_bytes),
    package_code: order.package_code,
    is_trial: order.is_trial,
    amount_cents: Number(order.amount_cents),
    paid_type: order.paid_type,
    created_at: order.created_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    status: order.status,
    price_per_gb_cents: Number(order.price_per_gb_cents),
    total_cents: Number(order.total_cents),
    original_cents: Number(order.original_cents),
    discount_cents: Number(order.discount_cents),
    fee_cents: Number(order.fee_cents),
    coupon_code: order.coupon_code,
    checkout_url: order.checkout_url,
    payment_detail: order.payment_detail,
    payment_received: receivedView(order),
    payment_extra_cents: Number(order.extra_credited_cents ?? 0n),
    refunded_cents: order.refunded_cents === null ? null : Number(order.refunded_cents),
  };
}

/** An order with when it was refunded (a receipt reads it, decision 038). */
export function toOrderWithRefund(order: OrderView): Order & { refunded_at: string | null } {
  return { ...toOrder(order), refunded_at: order.refunded_at?.toISOString() ?? null };
}
