import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { CryptoInvoiceEventsTable, CryptoInvoiceResolutionsTable } from './invoice-history.table';

export type InvoiceEventValues = Omit<
  Insertable<CryptoInvoiceEventsTable>,
  'id' | 'invoice_id' | 'created_at'
>;
export type InvoiceEventRow = Selectable<CryptoInvoiceEventsTable>;
export type InvoiceResolutionRow = Selectable<CryptoInvoiceResolutionsTable>;

export async function insertInvoiceEvent(
  db: Executor,
  invoiceId: number,
  values: InvoiceEventValues,
): Promise<void> {
  await db
    .insertInto('crypto_invoice_events')
    .values({ ...values, invoice_id: invoiceId })
    .execute();
}

/** An invoice's events, oldest first. */
export function eventsOfInvoice(db: Executor, invoiceId: number): Promise<InvoiceEventRow[]> {
  return db
    .selectFrom('crypto_invoice_events')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

export function findResolution(db: Executor, invoiceId: number): Promise<InvoiceResolutionRow | undefined> {
  return db
    .selectFrom('crypto_invoice_resolutions')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

export function insertResolution(
  trx: Transaction<Database>,
  values: Omit<Insertable<CryptoInvoiceResolutionsTable>, 'created_at'>,
): Promise<InvoiceResolutionRow> {
  return trx.insertInto('crypto_invoice_resolutions').values(values).returningAll().executeTakeFirstOrThrow();
}
