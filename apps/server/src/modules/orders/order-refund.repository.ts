import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { OrderRefundsTable } from './order-refund.table';

export type OrderRefundRow = Selectable<OrderRefundsTable>;

export function findOrderRefund(db: Executor, orderId: number): Promise<OrderRefundRow | undefined> {
  return db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function insertOrderRefund(
  trx: Transaction<Database>,
  values: Omit<Insertable<OrderRefundsTable>, 'created_at'>,
): Promise<void> {
  await trx.insertInto('order_refunds').values(values).execute();
}
