import type {
  AdminInvoiceDetail,
  AdminInvoiceRow,
  EndpointParsedInput,
  adminPaymentsEndpoints,
} from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { eventsOfInvoice, resolveInvoice } from '../../billing/resolve-invoice.service';
import type { Actor } from '../../audit/audit.service';
import { findAdminInvoice, pageOfAdminInvoices } from './invoice-admin.repository';
import { entriesOfRefs } from './ledger-refs.repository';
import { dayRange } from './list-filters';
import { toLedgerEntry } from '../../ledger/ledger-view';
import { toAdminInvoiceRow, toInvoiceEvent } from './payments-view';

type Input<Name extends keyof typeof adminPaymentsEndpoints> = EndpointParsedInput<
  (typeof adminPaymentsEndpoints)[Name]
>;

/** Every customer's crypto invoices, newest first, as filtered. */
export async function listAdminInvoices(ctx: AppContext, input: Input<'invoices'>) {
  const { list, total } = await pageOfAdminInvoices(
    ctx.db,
    {
      status: input.status,
      detail: input.detail,
      purpose: input.purpose,
      customer: input.customer === '' ? undefined : input.customer,
      accountId: input.account_id,
      ...dayRange(input.start_date, input.end_date),
    },
    input.page,
    input.page_size,
  );
  return { list: list.map(toAdminInvoiceRow), total, page: input.page, page_size: input.page_size };
}

export async function adminInvoiceRow(ctx: AppContext, invoiceId: number): Promise<AdminInvoiceRow> {
  const invoice = await findAdminInvoice(ctx.db, invoiceId);
  if (!invoice) throw new AppError('NotFound');
  return toAdminInvoiceRow(invoice);
}

/** One invoice with its history and the ledger entries it caused (its top-up's or order's, and a resolution's). */
export async function adminInvoiceDetail(ctx: AppContext, invoiceId: number): Promise<AdminInvoiceDetail> {
  const invoice = await adminInvoiceRow(ctx, invoiceId);
  const refs = [{ type: 'invoice', id: String(invoice.id) }];
  if (invoice.recharge_id !== null) refs.push({ type: 'recharge', id: String(invoice.recharge_id) });
  if (invoice.order_id !== null) refs.push({ type: 'order', id: String(invoice.order_id) });
  const [events, entries] = await Promise.all([
    eventsOfInvoice(ctx.db, invoice.id),
    entriesOfRefs(ctx.db, invoice.account_id, refs),
  ]);
  return {
    invoice,
    history: events.map(toInvoiceEvent),
    ledger: entries.map((entry) => toLedgerEntry(entry)),
  };
}

/** The console's resolution: billing's service, with the operator as the actor. */
export async function adminResolveInvoice(ctx: AppContext, actor: Actor, input: Input<'resolve'>) {
  const resolution = await resolveInvoice(ctx.db, {
    invoiceId: input.invoice_id,
    choice: input.choice,
    actor,
    reason: input.reason,
    idempotencyKey: input.idempotency_key,
  });
  return {
    invoice: await adminInvoiceRow(ctx, resolution.invoiceId),
    credited_cents: Number(resolution.creditedCents),
  };
}
