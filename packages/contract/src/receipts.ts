import { z } from 'zod';
import { defineEndpoint, defineLink } from './endpoint';
import { serverLangSchema } from './locale';
import { paidTypes } from './orders';
import { paymentReceivedSchema } from './recharge';
import { rowIdSchema } from './rules';

/** Receipts for paid top-ups and orders (decision 038). Paths are relative to `/api`. */

/** What a receipt is for: a balance top-up (`recharge`) or an order of traffic. */
export const receiptKinds = ['recharge', 'order'] as const;
export type ReceiptKind = (typeof receiptKinds)[number];

/** The stable number printed on a receipt: `R-TOPUP-12`, `R-ORDER-34` (the kind and the row's id). */
export function receiptNumber(kind: ReceiptKind, id: number): string {
  return `R-${kind === 'recharge' ? 'TOPUP' : 'ORDER'}-${id}`;
}

type Paid<T extends { paid_at: unknown }> = T & { paid_at: NonNullable<T['paid_at']> };

/**
 * Which rows have a receipt (decision 038), for the server that issues it and the portal that offers
 * it: a credited top-up (a `refunded` or `cancelled` one never had its invoice settled as paid, even
 * when an operator credited what arrived); an order once paid, also after a refund (marked refunded).
 */
export const rechargeHasReceipt = <T extends { status: string; paid_at: unknown }>(row: T): row is Paid<T> =>
  row.status === 'paid' && row.paid_at !== null;

/** A receipt documents a payment: a free order (the trial, a 100 % coupon) has none. */
export const orderHasReceipt = <T extends { status: string; paid_at: unknown; total_cents: number | bigint }>(
  row: T,
): row is Paid<T> =>
  (row.status === 'paid' || row.status === 'refunded') && row.paid_at !== null && Number(row.total_cents) > 0;

export const receiptFormats = ['json', 'html', 'pdf'] as const;

export const receiptQuery = z.object({
  kind: z.enum(receiptKinds, { error: 'validation.invalid' }),
  id: rowIdSchema(),
  format: z.enum(receiptFormats, { error: 'validation.invalid' }).default('json'),
});

/** One line of a receipt: what was bought, in the account's language, and its amount as stored. */
export const receiptLineSchema = z.object({
  description: z.string(),
  /** Traffic bought (orders); null for a top-up. */
  traffic_bytes: z.number().int().nullable(),
  /** The price per GB the order was priced at; null for a top-up, a package or the trial. */
  unit_price_cents: z.number().int().nullable(),
  amount_cents: z.number().int(),
});

/**
 * A receipt: every amount exactly as stored on the top-up or order (cents), never recomputed.
 * subtotal − discount + fee = total holds because the order and the invoice were priced that way.
 */
export const receiptSchema = z.object({
  number: z.string(),
  kind: z.enum(receiptKinds),
  id: z.number().int(),
  /** The operator's name (APP_NAME). */
  issuer: z.string(),
  customer_email: z.string(),
  /** The language the documents are written in: the account's (`/user/setlang`). */
  lang: serverLangSchema,
  currency: z.literal('USD'),
  lines: z.array(receiptLineSchema),
  subtotal_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  discount_cents: z.number().int(),
  /** The 3% crypto processing fee as stored; 0 when paid from the balance or free. */
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
  payment_method: z.enum(paidTypes),
  /** `refunded`: an order paid and later refunded (its receipt stays, marked so). */
  status: z.enum(['paid', 'refunded']),
  created_at: z.string(),
  paid_at: z.string(),
  refunded_at: z.string().nullable(),
  /** What the payer sent in crypto, as the provider reported it; null otherwise. */
  payment_received: paymentReceivedSchema,
  /** What paying over added to the balance beyond this receipt's total (decision 026); 0 otherwise. */
  payment_extra_cents: z.number().int(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** Receipts (decision 038): the data; `format=html|pdf` answer the printable documents instead. */
export const receiptEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/receipt/get',
    auth: 'account',
    readOnly: true,
    request: receiptQuery,
    response: receiptSchema,
    summary:
      'The receipt of a paid top-up or order. With `format=html` a printable page, with `format=pdf` ' +
      'a PDF attachment, instead of the envelope; refusals stay envelopes.',
  }),
};

/** The documents: the same route as `receiptEndpoints.get`, with `format=html` or `format=pdf`. */
export const receiptLinks = {
  document: defineLink({
    method: 'GET',
    path: '/receipt/get',
    auth: 'account',
    readOnly: true,
    request: receiptQuery,
  }),
};
