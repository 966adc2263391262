import type { Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { PaymentDetail, PaymentReceived } from '@resiport/contract';
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

/** What the provider says about an invoice, as we keep it beside our status. */
export interface ProviderReport {
  providerStatus: string;
  detail: PaymentDetail | null;
  received: PaymentReceived;
}

const reportColumns = (report: ProviderReport) => ({
  provider_status: report.providerStatus,
  payment_detail: report.detail,
  received_amount: report.received?.amount ?? null,
  received_currency: report.received?.currency ?? null,
});

/** Moves an unpaid invoice to a final status; returns false when it was not unpaid any more. */
export async function finishInvoice(
  trx: Transaction<Database>,
  id: number,
  values: ProviderReport & { status: Exclude<InvoiceStatus, 'unpaid'>; settledAt: Date; extraCents?: bigint },
): Promise<boolean> {
  const row = await trx
    .updateTable('crypto_invoices')
    .set({
      status: values.status,
      settled_at: values.settledAt,
      extra_credited_cents: values.extraCents ?? 0n,
      ...reportColumns(values),
    })
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An operator resolved a cancelled invoice that received money (resolve-invoice.service.ts): its
 * status and detail say so to the customer; false when it was not cancelled any more.
 */
export async function markInvoiceResolved(
  trx: Transaction<Database>,
  id: number,
  values: { status: 'cancelled' | 'refunded'; detail: PaymentDetail | null },
): Promise<boolean> {
  const row = await trx
    .updateTable('crypto_invoices')
    .set({ status: values.status, payment_detail: values.detail })
    .where('id', '=', id)
    .where('status', '=', 'cancelled')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps what the provider says about a still unpaid invoice (confirming, underpaid so far, held). */
export async function noteUnpaidReport(db: Executor, id: number, report: ProviderReport): Promise<void> {
  await db
    .updateTable('crypto_invoices')
    .set(reportColumns(report))
    .where('id', '=', id)
    .where('status', '=', 'unpaid')
    .execute();
}

/** Unpaid invoices that have a checkout, oldest first: what reconciliation re-checks. */
export function pendingInvoices(db: Executor, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('crypto_invoices')
    .selectAll()
    .where('status', '=', 'unpaid')
    .where('provider_uuid', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Unpaid invoices that never got a checkout (the provider call failed) and expired before `before`. */
export function unopenedInvoices(db: Executor, before: Date, limit: number): Promise<InvoiceRow[]> {
  return db
    .selectFrom('crypto_invoices')
    .selectAll()
    .where('status', '=', 'unpaid')
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
