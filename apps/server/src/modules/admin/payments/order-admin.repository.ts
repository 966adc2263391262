import type { OrderStatus } from '@resiport/contract';
import type { Executor } from '../../../db/database';
import type { PaidType } from '../../orders/order.table';
import { customerMatches, type CommonFilter } from './list-filters';

/**
 * The console's reads of orders (read-only, across modules on purpose: db/database.types.ts): every
 * customer's orders with the customer's email, the package code and the crypto invoice's detail.
 */

export interface OrderFilter extends CommonFilter {
  status?: OrderStatus | undefined;
  way?: PaidType | undefined;
}

function ordersOf(db: Executor, filter: OrderFilter) {
  let query = db.selectFrom('orders as o').innerJoin('accounts as a', 'a.id', 'o.account_id');
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.way) query = query.where('o.paid_type', '=', filter.way);
  if (filter.accountId !== undefined) query = query.where('o.account_id', '=', filter.accountId);
  if (filter.from) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to) query = query.where('o.created_at', '<', filter.to);
  const customer = filter.customer;
  if (customer) query = query.where((eb) => customerMatches(eb, customer));
  return query;
}

function withDetails(db: Executor, filter: OrderFilter) {
  return ordersOf(db, filter)
    .leftJoin('packages as p', 'p.id', 'o.package_id')
    .leftJoin('crypto_invoices as i', 'i.id', 'o.invoice_id')
    .selectAll('o')
    .select(['a.email', 'p.code as package_code', 'i.payment_detail']);
}

export type AdminOrderView = Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>;

/** One page of orders, newest first, and how many match. */
export async function pageOfAdminOrders(db: Executor, filter: OrderFilter, page: number, pageSize: number) {
  const [list, count] = await Promise.all([
    withDetails(db, filter)
      .orderBy('o.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    ordersOf(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

export function findAdminOrder(db: Executor, id: number): Promise<AdminOrderView | undefined> {
  return withDetails(db, {}).where('o.id', '=', id).executeTakeFirst();
}

/** The operator's refund of an order, with who made it. */
export function findRefundRecord(db: Executor, orderId: number) {
  return db
    .selectFrom('order_refunds as r')
    .leftJoin('accounts as op', 'op.id', 'r.operator_id')
    .select(['r.refunded_cents', 'r.removed_bytes', 'r.reason', 'r.created_at', 'op.email as operator_email'])
    .where('r.order_id', '=', orderId)
    .executeTakeFirst();
}
