import type { Order, OrderStatus } from '@resiport/contract';
import type { AppContext } from '../../context';
import { findOwnOrder, pageOfOrders } from './order.repository';
import { toOrderWithRefund } from './order-view';
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
  return order && toOrderWithRefund(order);
}
