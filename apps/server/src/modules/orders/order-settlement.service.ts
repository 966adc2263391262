import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.types';
import { noteAccountFigures, noteAlertEvent } from '../alerts/alert-triggers.service';
import { creditOverpayment } from '../billing/overpayment.service';
import { post } from '../ledger/ledger.service';
import { releaseRedemption } from './coupon.repository';
import { findOrderByInvoice, moveOrder, type OrderRow } from './order.repository';

/**
 * Credits an order's traffic to its account, once (the ledger refuses a second post for the order),
 * and alerts that it was paid (decision 039).
 */
export async function creditOrderTraffic(
  trx: Transaction<Database>,
  order: OrderRow,
  at: Date,
): Promise<void> {
  const result = await post(trx, {
    accountId: order.account_id,
    asset: 'traffic',
    kind: order.is_trial ? 'trial' : 'purchase',
    amount: order.traffic_bytes,
    ref: { type: 'order', id: String(order.id) },
  });
  if (!result.ok) throw new Error('a credit cannot fail');
  await noteAlertEvent(trx, order.account_id, {
    kind: 'order_paid',
    dedupeKey: `order:${order.id}`,
    data: {
      order_id: order.id,
      traffic_bytes: Number(order.traffic_bytes),
      amount_cents: Number(order.amount_cents),
      discount_cents: Number(order.discount_cents),
      fee_cents: Number(order.fee_cents),
      // What the customer paid, fee included: the figure on the receipt.
      total_cents: Number(order.total_cents),
      trial: order.is_trial,
    },
    at,
  });
  await noteAccountFigures(trx, order.account_id, at);
}

/** The order an order invoice pays; every order invoice has one (they are created together). */
async function orderOfInvoice(trx: Transaction<Database>, invoice: { id: number }): Promise<OrderRow> {
  const order = await findOrderByInvoice(trx, invoice.id);
  if (!order) throw new Error(`invoice ${invoice.id} has no order`);
  return order;
}

/**
 * A crypto invoice for an order was paid: the order is paid and its traffic credited, together; what
 * was paid over goes to the balance (decision 026).
 */
export async function orderInvoicePaid(
  trx: Transaction<Database>,
  invoice: { id: number },
  at: Date,
  extraCents: bigint,
): Promise<void> {
  const order = await orderOfInvoice(trx, invoice);
  if (!(await moveOrder(trx, order.id, 'unpaid', 'paid', at))) {
    throw new Error(`order ${order.id} was ${order.status}, not unpaid, when its invoice was paid`);
  }
  // Before the traffic, whose credit notes the account's figures once both have moved.
  await creditOverpayment(trx, { accountId: order.account_id, of: 'order', id: order.id, cents: extraCents });
  await creditOrderTraffic(trx, order, at);
}

/** A crypto invoice for an order failed or expired: the order is cancelled and its coupon use given back. */
export async function orderInvoiceClosed(
  trx: Transaction<Database>,
  invoice: { id: number },
  at: Date,
): Promise<void> {
  const order = await orderOfInvoice(trx, invoice);
  if (await moveOrder(trx, order.id, 'unpaid', 'cancelled', at)) await releaseRedemption(trx, order.id);
}
