import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { post } from '../ledger/ledger.service';
import { releaseRedemption } from './coupon.repository';
import { findOrderByInvoice, moveOrder, type OrderRow } from './order.repository';

/** Credits an order's traffic to its account, once (the ledger refuses a second post for the order). */
export async function creditOrderTraffic(trx: Transaction<Database>, order: OrderRow): Promise<void> {
  const result = await post(trx, {
    accountId: order.account_id,
    asset: 'traffic',
    kind: order.is_trial ? 'trial' : 'purchase',
    amount: order.traffic_bytes,
    ref: { type: 'order', id: String(order.id) },
  });
  if (!result.ok) throw new Error('a credit cannot fail');
}

/** A crypto invoice for an order was paid: the order is paid and its traffic credited, together. */
export async function orderInvoicePaid(
  trx: Transaction<Database>,
  invoice: { id: number },
  at: Date,
): Promise<void> {
  const order = await findOrderByInvoice(trx, invoice.id);
  if (!order) throw new Error(`invoice ${invoice.id} has no order`);
  if (!(await moveOrder(trx, order.id, 'unpaid', 'paid', at))) {
    throw new Error(`order ${order.id} was ${order.status}, not unpaid, when its invoice was paid`);
  }
  await creditOrderTraffic(trx, order);
}

/** A crypto invoice for an order failed or expired: the order is cancelled and its coupon use given back. */
export async function orderInvoiceClosed(
  trx: Transaction<Database>,
  invoice: { id: number },
  at: Date,
): Promise<void> {
  const order = await findOrderByInvoice(trx, invoice.id);
  if (!order) throw new Error(`invoice ${invoice.id} has no order`);
  if (await moveOrder(trx, order.id, 'unpaid', 'cancelled', at)) await releaseRedemption(trx, order.id);
}
