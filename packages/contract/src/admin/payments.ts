import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { orderStatuses, paidTypes } from '../orders';
import {
  pageOf,
  idempotencyKeySchema,
  paymentDetails,
  paymentDetailSchema,
  paymentReceivedSchema,
  rechargeStatuses,
  rechargeStatusSchema,
} from '../recharge';
import { rowIdSchema } from '../rules';
import { adminPageQuery, optionalDate, reasonSchema, searchText } from './common';
import { ledgerEntrySchema } from './customers';

/**
 * The console's orders and payments (docs/product.md#operator-console): every order and crypto invoice of every customer,
 * a refund of a balance-paid order (its unused traffic is removed and that share of the money
 * returned), and the resolution of a payment that arrived short or late (credit what arrived, or
 * record that it was returned outside the product). Money in cents and traffic in bytes (numbers,
 * exact), times ISO 8601 UTC.
 */

/** How an order was paid, as the orders table records it (`free` is the trial). */
export const orderWays = paidTypes;
export const invoicePurposes = ['recharge', 'order'] as const;
/** A webhook that arrived, or an answer of the provider's payment/info to one of our checks. */
export const invoiceEventKinds = ['webhook', 'check'] as const;
/** Credit what arrived to the balance, or record that it was returned outside the product. */
export const invoiceResolutionChoices = ['credit', 'refunded'] as const;
export type InvoiceResolutionChoice = (typeof invoiceResolutionChoices)[number];

const id = z.number().int();
const cents = z.number().int();

/** Filters both lists share: a customer (email, part of it, or account id) and UTC days, inclusive. */
const listFilters = {
  customer: searchText,
  account_id: rowIdSchema().optional(),
  start_date: optionalDate,
  end_date: optionalDate,
};

const datesInOrder = (query: { start_date?: string | undefined; end_date?: string | undefined }) =>
  !query.start_date || !query.end_date || query.start_date <= query.end_date;
const dateOrderIssue = { path: ['end_date'], error: 'validation.dateOrder' };

export const adminOrderListQuery = adminPageQuery
  .extend({
    ...listFilters,
    status: z.enum(orderStatuses, { error: 'validation.invalid' }).optional(),
    way: z.enum(orderWays, { error: 'validation.invalid' }).optional(),
  })
  .refine(datesInOrder, dateOrderIssue);
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderRowSchema = z.object({
  id,
  account_id: id,
  email: z.string(),
  package_code: z.string().nullable(),
  is_trial: z.boolean(),
  traffic_bytes: z.number().int(),
  price_per_gb_cents: cents,
  /** Before the coupon. */
  original_cents: cents,
  discount_cents: cents,
  coupon_code: z.string().nullable(),
  /** The price after the coupon; `total_cents` adds the crypto fee. */
  amount_cents: cents,
  fee_cents: cents,
  total_cents: cents,
  /** What the customer paid: the total once the order was paid (a refund does not change it); null before. */
  paid_cents: cents.nullable(),
  status: z.enum(orderStatuses),
  way: z.enum(orderWays),
  invoice_id: id.nullable(),
  /** Its crypto invoice's provider detail (decision 026); null for other ways. */
  payment_detail: paymentDetailSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const invoiceResolutionSchema = z.object({
  choice: z.enum(invoiceResolutionChoices),
  /** What went to the balance (0 when marked refunded). */
  credited_cents: cents,
  /** Null when the command line did it. */
  operator_email: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export const adminInvoiceRowSchema = z.object({
  id,
  /** Our order id at the provider. */
  order_ref: z.string(),
  purpose: z.enum(invoicePurposes),
  account_id: id,
  email: z.string(),
  recharge_id: id.nullable(),
  order_id: id.nullable(),
  /** What was asked, fee included. */
  amount_cents: cents,
  status: rechargeStatusSchema,
  payment_detail: paymentDetailSchema,
  /** The provider's own last word (`wrong_amount`, `cancel`, …). */
  provider_status: z.string().nullable(),
  /** What the payer sent, in the coin paid. */
  payment_received: paymentReceivedSchema,
  /** What arrived in USD cents as the provider reported it; null when it has not. */
  received_usd_cents: cents.nullable(),
  /** What paying over credited to the balance beyond the invoice (decision 026); 0 otherwise. */
  extra_credited_cents: cents,
  created_at: z.string(),
  expires_at: z.string(),
  settled_at: z.string().nullable(),
  resolution: invoiceResolutionSchema.nullable(),
  /** Whether an operator may resolve it now (cancelled, money arrived, not resolved yet). */
  resolvable: z.boolean(),
  /** What a credit would post now: what arrived in USD, never more than asked; null when it cannot. */
  credit_cents: cents.nullable(),
});
export type AdminInvoiceRow = z.infer<typeof adminInvoiceRowSchema>;

export const adminInvoiceListQuery = adminPageQuery
  .extend({
    ...listFilters,
    status: z.enum(rechargeStatuses, { error: 'validation.invalid' }).optional(),
    detail: z.enum(paymentDetails, { error: 'validation.invalid' }).optional(),
    purpose: z.enum(invoicePurposes, { error: 'validation.invalid' }).optional(),
  })
  .refine(datesInOrder, dateOrderIssue);
export type AdminInvoiceListQuery = z.input<typeof adminInvoiceListQuery>;

/** One thing the provider told us about an invoice, oldest first. */
export const invoiceEventSchema = z.object({
  id,
  kind: z.enum(invoiceEventKinds),
  /** What asked: `webhook`, `checkPay` (the customer's check), `reconcile` (the background job). */
  source: z.string(),
  provider_status: z.string(),
  is_final: z.boolean(),
  /** What the provider's word means in ours (decision 026). */
  status: rechargeStatusSchema,
  payment_detail: paymentDetailSchema,
  payment_received: paymentReceivedSchema,
  received_usd_cents: cents.nullable(),
  created_at: z.string(),
  /** It came after the invoice had closed (a late payment shows so). */
  after_close: z.boolean(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const adminInvoiceDetailSchema = z.object({
  invoice: adminInvoiceRowSchema,
  history: z.array(invoiceEventSchema),
  /** The balance entries it caused (a top-up's credit, an order's traffic, a resolution's credit). */
  ledger: z.array(ledgerEntrySchema),
});
export type AdminInvoiceDetail = z.infer<typeof adminInvoiceDetailSchema>;

export const orderRefundRecordSchema = z.object({
  refunded_cents: cents,
  removed_bytes: z.number().int(),
  operator_email: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export const orderTimelineEvents = ['created', 'paid', 'cancelled', 'refunded'] as const;

export const adminOrderDetailSchema = z.object({
  order: adminOrderRowSchema,
  /** Created → paid (or cancelled) → refunded, as far as it went. */
  timeline: z.array(z.object({ event: z.enum(orderTimelineEvents), at: z.string() })),
  invoice: adminInvoiceRowSchema.nullable(),
  /** The ledger entries it caused: payment, traffic credited, refund. */
  ledger: z.array(ledgerEntrySchema),
  refund: orderRefundRecordSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderQuery = z.object({ order_id: rowIdSchema() });
export const adminInvoiceQuery = z.object({ invoice_id: rowIdSchema() });

/** What a refund would do now (the customer's traffic moves, so it is asked when the dialog opens). */
export const refundQuoteSchema = z.object({
  order_id: id,
  /** The order's traffic still on the main account, up to the order's bytes: what would be removed. */
  removed_bytes: z.number().int(),
  /** That share of what was paid, rounded down to the cent: what would return to the balance. */
  refunded_cents: cents,
  order_bytes: z.number().int(),
  paid_cents: cents,
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

/** Every change takes a reason and a key, so a double click or a retried request applies once. */
export const orderRefundBody = z.object({
  order_id: rowIdSchema(),
  reason: reasonSchema,
  idempotency_key: idempotencyKeySchema.unwrap(),
});
export type OrderRefundInput = z.input<typeof orderRefundBody>;

export const orderRefundData = z.object({
  order: adminOrderRowSchema,
  refunded_cents: cents,
  removed_bytes: z.number().int(),
});

export const invoiceResolveBody = z.object({
  invoice_id: rowIdSchema(),
  choice: z.enum(invoiceResolutionChoices, { error: 'validation.invalid' }),
  reason: reasonSchema,
  idempotency_key: idempotencyKeySchema.unwrap(),
});
export type InvoiceResolveInput = z.input<typeof invoiceResolveBody>;

export const invoiceResolveData = z.object({ invoice: adminInvoiceRowSchema, credited_cents: cents });

const read = <Request extends z.ZodType, Response extends z.ZodType>(
  path: `/admin/payments/${string}`,
  request: Request,
  response: Response,
  summary: string,
) => defineEndpoint({ method: 'GET', path, auth: 'operator', request, response, summary });

const act = <Request extends z.ZodType, Response extends z.ZodType>(
  path: `/admin/payments/${string}`,
  request: Request,
  response: Response,
  summary: string,
) => defineEndpoint({ method: 'POST', path, auth: 'operator', request, response, summary });

export const adminPaymentsEndpoints = {
  orders: read(
    '/admin/payments/orders',
    adminOrderListQuery,
    pageOf(adminOrderRowSchema),
    'Every order, newest first, filtered by status, way, customer and UTC days.',
  ),
  order: read(
    '/admin/payments/order',
    adminOrderQuery,
    adminOrderDetailSchema,
    'One order: its timeline, its crypto invoice, the ledger entries it caused and its refund.',
  ),
  refundQuote: read(
    '/admin/payments/refundQuote',
    adminOrderQuery,
    refundQuoteSchema,
    'What refunding the order would remove and return now; refuses as the refund would.',
  ),
  refund: act(
    '/admin/payments/refund',
    orderRefundBody,
    orderRefundData,
    'Refunds a balance-paid order: its unused traffic is removed and that share of the money returned.',
  ),
  invoices: read(
    '/admin/payments/invoices',
    adminInvoiceListQuery,
    pageOf(adminInvoiceRowSchema),
    'Every crypto invoice, newest first, filtered by status, detail, purpose, customer and UTC days.',
  ),
  invoice: read(
    '/admin/payments/invoice',
    adminInvoiceQuery,
    adminInvoiceDetailSchema,
    'One crypto invoice with everything the provider told us about it and its ledger entries.',
  ),
  resolve: act(
    '/admin/payments/resolve',
    invoiceResolveBody,
    invoiceResolveData,
    'Resolves a cancelled payment that received money: credit what arrived, or mark it refunded.',
  ),
};
