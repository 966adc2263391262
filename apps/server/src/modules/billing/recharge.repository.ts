import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { PaymentDetail } from '@resiport/contract';
import type { InvoiceStatus } from './invoice.table';

export interface RechargeView {
  id: number;
  account_id: number;
  invoice_id: number;
  amount_cents: bigint;
  fee_cents: bigint;
  idempotency_key: string | null;
  created_at: Date;
  status: InvoiceStatus;
  payment_detail: PaymentDetail | null;
  received_amount: string | null;
  received_currency: string | null;
  extra_credited_cents: bigint;
  total_cents: bigint;
  checkout_url: string | null;
  order_ref: string;
  paid_at: Date | null;
}

function withInvoice(db: Executor) {
  return db
    .selectFrom('recharges as r')
    .innerJoin('crypto_invoices as i', 'i.id', 'r.invoice_id')
    .select([
      'r.id',
      'r.account_id',
      'r.invoice_id',
      'r.amount_cents',
      'r.fee_cents',
      'r.idempotency_key',
      'r.created_at',
      'i.status',
      'i.payment_detail',
      'i.received_amount',
      'i.received_currency',
      'i.extra_credited_cents',
      'i.amount_cents as total_cents',
      'i.checkout_url',
      'i.order_ref',
      sql<Date | null>`case when i.status = 'paid' then i.settled_at end`.as('paid_at'),
    ]);
}

export async function insertRecharge(
  trx: Transaction<Database>,
  values: {
    accountId: number;
    invoiceId: number;
    amountCents: bigint;
    feeCents: bigint;
    idempotencyKey: string | null;
  },
): Promise<number> {
  const row = await trx
    .insertInto('recharges')
    .values({
      account_id: values.accountId,
      invoice_id: values.invoiceId,
      amount_cents: values.amountCents,
      fee_cents: values.feeCents,
      idempotency_key: values.idempotencyKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findRechargeByKey(
  db: Executor,
  accountId: number,
  key: string,
): Promise<RechargeView | undefined> {
  return withInvoice(db)
    .where('r.account_id', '=', accountId)
    .where('r.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** A recharge of this account (ownership is part of the query, so another account's id finds nothing). */
export function findOwnRecharge(
  db: Executor,
  accountId: number,
  id: number,
): Promise<RechargeView | undefined> {
  return withInvoice(db).where('r.account_id', '=', accountId).where('r.id', '=', id).executeTakeFirst();
}

export function latestPendingRecharge(db: Executor, accountId: number): Promise<RechargeView | undefined> {
  return withInvoice(db)
    .where('r.account_id', '=', accountId)
    .where('i.status', '=', 'unpaid')
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
}

export function findRechargeByInvoice(db: Executor, invoiceId: number): Promise<RechargeView | undefined> {
  return withInvoice(db).where('r.invoice_id', '=', invoiceId).executeTakeFirst();
}

export async function pageOfRecharges(db: Executor, accountId: number, page: number, pageSize: number) {
  const [list, total] = await Promise.all([
    withInvoice(db)
      .where('r.account_id', '=', accountId)
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(total.n) };
}
