import { BYTES_PER_GB, type Order, type OrderStatus } from '@resiport/contract';
import type { AppContext } from '../../context';
import { findOwnOrder, pageOfOrders, type OrderView } from './order.repository';
import type { Buyer } from './order-quote.service';

/** The account's orders, newest first (the list on `/residential`). */
export function listOrders(
  ctx: AppContext,
  buyer: Buyer,
  filter: { page: number; pageSize: number; status: OrderStatus | undefined },
) {
  return pageOfOrders(ctx.db, buyer.id, filter);
}

/**
 * One order of the account as the API shows it, with when it was refunded (a receipt reads it,
 * decision 038); undefined for a missing id and for another account's alike.
 */
export async function ownOrder(
  ctx: AppContext,
  buyer: Pick<Buyer, 'id'>,
  orderId: number,
): Promise<(Order & { refunded_at: string | null }) | undefined> {
  const order = await findOwnOrder(ctx.db, buyer.id, orderId);
  return order && { ...toOrder(order), refunded_at: order.refunded_at?.toISOString() ?? null };
}

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
    payment_received:
      order.received_amount === null
        ? null
        : { amount: order.received_amount, currency: order.received_currency ?? '' },
  };
}
