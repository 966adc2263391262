import type { Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { CryptoInvoicesTable, InvoiceStatus } from './invoice.table';

export type InvoiceRow = Selectable<CryptoInvoicesTable>;

export function insertInvoice(
  db: Executor,
  values: Pick<InvoiceRow, 'order_ref' | 'purpose' | 'account_id' | 'amount_cents' | 'expires_at'>,
): Promise<InvoiceRow> {
  return db.insertInto('crypto_invoices').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function attachCheckout(
  db: Executor,
  id: number,
  checkout: { providerUuid: string; url: string; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('crypto_invoices')
    .set({ provider_uuid: checkout.providerUuid, checkout_url: checkout.url, expires_at: checkout.expiresAt })
    .where('id', '=', id)
    .execute();
}

export function findInvoiceByRef(db: Executor, orderRef: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('crypto_invoices').selectAll().where('order_ref', '=', orderRef).executeTakeFirst();
}

export function findInvoiceById(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('crypto_invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockInvoice(trx: Transaction<Database>, id: number): Promise<InvoiceRow | undefined> {
  return trx.selectFrom('crypto_invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Moves a pending invoice to a final status; returns false when it was not pending any more. */
export async function finishInvoice(
  trx: Transaction<Database>,
  id: number,
  values: { status: Exclude<InvoiceStatus, 'pending'>; providerStatus: string; settledAt: Date },
): Promise<boolean> {
  const row = await trx
    .updateTable('crypto_invoices')
    .set({ status: values.status, provider_status: values.providerStatus, settled_at: values.settledAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Pending invoices that have a checkout, oldest first: what reconciliation re-checks. */
export function pendingInvoices(db: Executor, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('crypto_invoices')
    .selectAll()
    .where('status', '=', 'pending')
    .where('provider_uuid', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Pending invoices that never got a checkout (the provider call failed) and expired before `before`. */
export function unopenedInvoices(db: Executor, before: Date, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('crypto_invoices')
    .selectAll()
    .where('status', '=', 'pending')
    .where('provider_uuid', 'is', null)
    .where('expires_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Crypto invoices counted by what they pay for and their status: one grouped scan (for the metrics). */
export function invoiceCountsByState(db: Executor) {
  return db
    .selectFrom('crypto_invoices')
    .select(['purpose', 'status', (eb) => eb.fn.countAll<bigint>().as('count')])
    .groupBy(['purpose', 'status'])
    .execute();
}
