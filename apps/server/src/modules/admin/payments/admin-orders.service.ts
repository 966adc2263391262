import type {
  AdminOrderDetail,
  EndpointParsedInput,
  RefundQuote,
  adminPaymentsEndpoints,
} from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { quoteRefund, refundOrder } from '../../orders/order-refund.service';
import type { Actor } from '../../audit/audit.service';
import { adminInvoiceRow } from './admin-invoices.service';
import { entriesOfRefs } from './ledger-refs.repository';
import { dayRange } from './list-filters';
import {
  findAdminOrder,
  findRefundRecord,
  pageOfAdminOrders,
  type AdminOrderView,
} from './order-admin.repository';
import { toLedgerEntry } from '../../ledger/ledger-view';
import { toAdminOrderRow } from './payments-view';

type Input<Name extends keyof typeof adminPaymentsEndpoints> = EndpointParsedInput<
  (typeof adminPaymentsEndpoints)[Name]
>;

/** Every customer's orders, newest first, as filtered. */
export async function listAdminOrders(ctx: AppContext, input: Input<'orders'>) {
  const { list, total } = await pageOfAdminOrders(
    ctx.db,
    {
      status: input.status,
      way: input.way,
      customer: input.customer === '' ? undefined : input.customer,
      accountId: input.account_id,
      ...dayRange(input.start_date, input.end_date),
    },
    input.page,
    input.page_size,
  );
  return { list: list.map(toAdminOrderRow), total, page: input.page, page_size: input.page_size };
}

async function orderOrNotFound(ctx: AppContext, id: number): Promise<AdminOrderView> {
  const order = await findAdminOrder(ctx.db, id);
  if (!order) throw new AppError('NotFound');
  return order;
}

/** When the order was cancelled: when its crypto invoice closed (an order keeps no time of its own). */
function timelineOf(order: AdminOrderView, invoiceSettledAt: string | null): AdminOrderDetail['timeline'] {
  const events: AdminOrderDetail['timeline'] = [{ event: 'created', at: order.created_at.toISOString() }];
  if (order.paid_at) events.push({ event: 'paid', at: order.paid_at.toISOString() });
  if (order.status === 'cancelled' && invoiceSettledAt) {
    events.push({ event: 'cancelled', at: invoiceSettledAt });
  }
  if (order.refunded_at) events.push({ event: 'refunded', at: order.refunded_at.toISOString() });
  return events;
}

/** One order with its timeline, its crypto invoice, the ledger entries it caused and its refund. */
export async function adminOrderDetail(ctx: AppContext, orderId: number): Promise<AdminOrderDetail> {
  const order = await orderOrNotFound(ctx, orderId);
  const [invoice, entries, refund] = await Promise.all([
    order.invoice_id === null ? null : adminInvoiceRow(ctx, order.invoice_id),
    entriesOfRefs(ctx.db, order.account_id, [{ type: 'order', id: String(order.id) }]),
    findRefundRecord(ctx.db, order.id),
  ]);
  return {
    order: toAdminOrderRow(order),
    timeline: timelineOf(order, invoice?.settled_at ?? null),
    invoice,
    ledger: entries.map((entry) => toLedgerEntry(entry)),
    refund: refund
      ? {
          refunded_cents: Number(refund.refunded_cents),
          removed_bytes: Number(refund.removed_bytes),
          operator_email: refund.operator_email,
          reason: refund.reason,
          created_at: refund.created_at.toISOString(),
        }
      : null,
  };
}

/** What a refund would do now; refused with the refund's own codes. */
export async function adminRefundQuote(ctx: AppContext, orderId: number): Promise<RefundQuote> {
  const refund = await quoteRefund(ctx.db, orderId);
  const order = await orderOrNotFound(ctx, orderId);
  return {
    order_id: order.id,
    removed_bytes: Number(refund.removedBytes),
    refunded_cents: Number(refund.refundedCents),
    order_bytes: Number(order.traffic_bytes),
    paid_cents: Number(order.total_cents),
  };
}

/** The console's refund: the orders module's service, with the operator as the actor. */
export async function adminRefundOrder(ctx: AppContext, actor: Actor, input: Input<'refund'>) {
  const refund = await refundOrder(ctx.db, {
    orderId: input.order_id,
    actor,
    reason: input.reason,
    idempotencyKey: input.idempotency_key,
    at: ctx.clock(),
  });
  return {
    order: toAdminOrderRow(await orderOrNotFound(ctx, refund.orderId)),
    refunded_cents: Number(refund.refundedCents),
    removed_bytes: Number(refund.removedBytes),
  };
}
