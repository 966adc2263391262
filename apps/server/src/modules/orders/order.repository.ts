import type { PaymentDetail } from '@resiport/contract';
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { OrdersTable, OrderStatus } from './order.table';

export type OrderRow = Selectable<OrdersTable>;
/** An order with what the customer sees beside it: its package code and unpaid checkout url. */
export type OrderView = OrderRow & {
  package_code: string | null;
  checkout_url: string | null;
  invoice_ref: string | null;
  payment_detail: PaymentDetail | null;
  received_amount: string | null;
  received_currency: string | null;
  /** What an overpayment of its crypto invoice added to the balance; null without one. */
  extra_credited_cents: bigint | null;
  /** What a refund put back on the balance; null when the order was not refunded. */
  refunded_cents: bigint | null;
};

/**
 * Orders with their package code and crypto invoice: billing's `crypto_invoices` is joined here on
 * purpose (one statement per order page; listed in db/database.types.ts), read-only.
 */
function orderViews(db: Executor) {
  return db
    .selectFrom('orders as o')
    .leftJoin('packages as p', 'p.id', 'o.package_id')
    .leftJoin('crypto_invoices as i', 'i.id', 'o.invoice_id')
    .leftJoin('order_refunds as r', 'r.order_id', 'o.id')
    .selectAll('o')
    .select([
      'p.code as package_code',
      'i.order_ref as invoice_ref',
      'i.payment_detail',
      'i.received_amount',
      'i.received_currency',
      'i.extra_credited_cents',
      'r.refunded_cents',
      sql<string | null>`case when o.status = 'unpaid' and i.status = 'unpaid' then i.checkout_url end`.as(
        'checkout_url',
      ),
    ]);
}

export function insertOrder(
  trx: Transaction<Database>,
  values: Omit<Insertable<OrdersTable>, 'id' | 'created_at'>,
): Promise<OrderRow> {
  return trx.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findOwnOrder(db: Executor, accountId: number, id: number): Promise<OrderView | undefined> {
  return orderViews(db).where('o.account_id', '=', accountId).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderById(db: Executor, id: number): Promise<OrderView | undefined> {
  return orderViews(db).where('o.id', '=', id).executeTakeFirst();
}

export function findOrderByKey(db: Executor, accountId: number, key: string): Promise<OrderView | undefined> {
  return orderViews(db)
    .where('o.account_id', '=', accountId)
    .where('o.idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOrderByInvoice(db: Executor, invoiceId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

export function lockOrder(trx: Transaction<Database>, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Moves an order from one status to the next; false when it was not in `from` any more. */
export async function moveOrder(
  trx: Transaction<Database>,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  at: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('orders')
    .set({
      status: to,
      ...(to === 'paid' ? { paid_at: at } : {}),
      ...(to === 'refunded' ? { refunded_at: at } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function pageOfOrders(
  db: Executor,
  accountId: number,
  filter: { status: OrderStatus | undefined; page: number; pageSize: number },
): Promise<{ list: OrderView[]; total: number }> {
  let where = db.selectFrom('orders').where('account_id', '=', accountId);
  if (filter.status) where = where.where('status', '=', filter.status);
  const { n } = await where.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let list = orderViews(db).where('o.account_id', '=', accountId);
  if (filter.status) list = list.where('o.status', '=', filter.status);
  const rows = await list
    .orderBy('o.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { list: rows, total: Number(n) };
}

export async function hasTrialClaim(db: Executor, accountId: number, ip: string): Promise<boolean> {
  const row = await db
    .selectFrom('trial_claims')
    .select('account_id')
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('ip', '=', ip)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTrialClaim(
  trx: Transaction<Database>,
  values: { accountId: number; ip: string; orderId: number },
): Promise<void> {
  await trx
    .insertInto('trial_claims')
    .values({ account_id: values.accountId, ip: values.ip, order_id: values.orderId })
    .execute();
}
