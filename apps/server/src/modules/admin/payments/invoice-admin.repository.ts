import type { PaymentDetail } from '@resiport/contract';
import type { Executor } from '../../../db/database';
import type { InvoicePurpose, InvoiceStatus } from '../../billing/invoice.table';
import { customerMatches, type CommonFilter } from './list-filters';

/**
 * The console's reads of crypto invoices (read-only, across modules on purpose:
 * db/database.types.ts): each with its customer's email, its top-up or order, its resolution and
 * what its events say arrived.
 */

export interface InvoiceFilter extends CommonFilter {
  status?: InvoiceStatus | undefined;
  detail?: PaymentDetail | undefined;
  purpose?: InvoicePurpose | undefined;
}

function invoicesOf(db: Executor, filter: InvoiceFilter) {
  let query = db.selectFrom('crypto_invoices as i').innerJoin('accounts as a', 'a.id', 'i.account_id');
  if (filter.status) query = query.where('i.status', '=', filter.status);
  if (filter.detail) query = query.where('i.payment_detail', '=', filter.detail);
  if (filter.purpose) query = query.where('i.purpose', '=', filter.purpose);
  if (filter.accountId !== undefined) query = query.where('i.account_id', '=', filter.accountId);
  if (filter.from) query = query.where('i.created_at', '>=', filter.from);
  if (filter.to) query = query.where('i.created_at', '<', filter.to);
  const customer = filter.customer;
  if (customer) query = query.where((eb) => customerMatches(eb, customer));
  return query;
}

function withDetails(db: Executor, filter: InvoiceFilter) {
  return invoicesOf(db, filter)
    .leftJoin('recharges as r', 'r.invoice_id', 'i.id')
    .leftJoin('orders as o', 'o.invoice_id', 'i.id')
    .leftJoin('crypto_invoice_resolutions as res', 'res.invoice_id', 'i.id')
    .leftJoin('accounts as op', 'op.id', 'res.operator_id')
    .selectAll('i')
    .select((eb) => [
      'a.email',
      'r.id as recharge_id',
      'o.id as order_id',
      'res.choice as resolution_choice',
      'res.credited_cents as resolution_credited_cents',
      'res.reason as resolution_reason',
      'res.created_at as resolved_at',
      'op.email as resolver_email',
      eb
        .selectFrom('crypto_invoice_events as e')
        .select('e.received_usd_cents')
        .whereRef('e.invoice_id', '=', 'i.id')
        .where('e.received_usd_cents', 'is not', null)
        .orderBy('e.id', 'desc')
        .limit(1)
        .as('reported_usd_cents'),
      eb
        .exists(
          eb
            .selectFrom('crypto_invoice_events as e')
            .select('e.id')
            .whereRef('e.invoice_id', '=', 'i.id')
            .where('e.received_amount', 'is not', null),
        )
        .as('event_received'),
    ]);
}

export type AdminInvoiceView = Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>;

/** One page of invoices, newest first, and how many match. */
export async function pageOfAdminInvoices(
  db: Executor,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
) {
  const [list, count] = await Promise.all([
    withDetails(db, filter)
      .orderBy('i.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    invoicesOf(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

export function findAdminInvoice(db: Executor, id: number): Promise<AdminInvoiceView | undefined> {
  return withDetails(db, {}).where('i.id', '=', id).executeTakeFirst();
}
