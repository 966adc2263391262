import type { AdminInvoiceRow, AdminOrderRow, InvoiceEvent } from '@resiport/contract';
import type { Selectable } from 'kysely';
import { creditOf, isResolvable, type ResolutionFacts } from '../../billing/resolve-invoice.service';
import type { CryptoInvoiceEventsTable } from '../../billing/invoice-history.table';
import { receivedView } from '../../billing/recharge-view';
import type { AdminInvoiceView } from './invoice-admin.repository';
import type { AdminOrderView } from './order-admin.repository';

/** The console's rows as the API shows them: cents and bytes as numbers, times as ISO strings. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toAdminOrderRow(order: AdminOrderView): AdminOrderRow {
  const paid = order.status === 'paid' || order.status === 'refunded';
  return {
    id: order.id,
    account_id: order.account_id,
    email: order.email,
    package_code: order.package_code,
    is_trial: order.is_trial,
    traffic_bytes: Number(order.traffic_bytes),
    price_per_gb_cents: Number(order.price_per_gb_cents),
    original_cents: Number(order.original_cents),
    discount_cents: Number(order.discount_cents),
    coupon_code: order.coupon_code,
    amount_cents: Number(order.amount_cents),
    fee_cents: Number(order.fee_cents),
    total_cents: Number(order.total_cents),
    paid_cents: paid ? Number(order.total_cents) : null,
    status: order.status,
    way: order.paid_type,
    invoice_id: order.invoice_id,
    payment_detail: order.payment_detail,
    created_at: order.created_at.toISOString(),
    paid_at: iso(order.paid_at),
    refunded_at: iso(order.refunded_at),
  };
}

/** The facts the resolution rule reads, as the list query gathered them. */
export function factsOfView(invoice: AdminInvoiceView): ResolutionFacts {
  return {
    status: invoice.status,
    amountCents: invoice.amount_cents,
    receivedSomething: invoice.received_amount !== null || Boolean(invoice.event_received),
    reportedUsdCents: invoice.reported_usd_cents,
    resolved: invoice.resolution_choice !== null,
  };
}

export function toAdminInvoiceRow(invoice: AdminInvoiceView): AdminInvoiceRow {
  const facts = factsOfView(invoice);
  const credit = creditOf(facts);
  return {
    id: invoice.id,
    order_ref: invoice.order_ref,
    purpose: invoice.purpose,
    account_id: invoice.account_id,
    email: invoice.email,
    recharge_id: invoice.recharge_id,
    order_id: invoice.order_id,
    amount_cents: Number(invoice.amount_cents),
    status: invoice.status,
    payment_detail: invoice.payment_detail,
    provider_status: invoice.provider_status,
    payment_received: receivedView(invoice),
    received_usd_cents: facts.reportedUsdCents === null ? null : Number(facts.reportedUsdCents),
    extra_credited_cents: Number(invoice.extra_credited_cents),
    created_at: invoice.created_at.toISOString(),
    expires_at: invoice.expires_at.toISOString(),
    settled_at: iso(invoice.settled_at),
    resolution:
      invoice.resolution_choice === null
        ? null
        : {
            choice: invoice.resolution_choice,
            credited_cents: Number(invoice.resolution_credited_cents ?? 0n),
            operator_email: invoice.resolver_email,
            reason: invoice.resolution_reason,
            created_at: iso(invoice.resolved_at) ?? '',
          },
    resolvable: isResolvable(facts),
    credit_cents: credit === null ? null : Number(credit),
  };
}

export function toInvoiceEvent(event: Selectable<CryptoInvoiceEventsTable>): InvoiceEvent {
  return {
    id: Number(event.id),
    kind: event.kind,
    source: event.source,
    provider_status: event.provider_status,
    is_final: event.is_final,
    status: event.status,
    payment_detail: event.payment_detail,
    payment_received: receivedView(event),
    received_usd_cents: event.received_usd_cents === null ? null : Number(event.received_usd_cents),
    created_at: event.created_at.toISOString(),
    after_close: event.invoice_status !== 'unpaid',
  };
}
