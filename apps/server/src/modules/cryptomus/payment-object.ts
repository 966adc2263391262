import { z } from 'zod';
import { decimalToCents } from './money';

/**
 * The "payment object" Cryptomus returns from payment and payment/info (Cryptomus API docs, doc.cryptomus.com).
 * Lenient on purpose: unknown fields are dropped and optional ones may be null or missing, so a
 * field Cryptomus adds or omits does not break payments; only what we act on is required.
 */
const nullableText = z.string().nullish();

const paymentObjectSchema = z.object({
  uuid: z.string().min(1),
  order_id: z.string().min(1),
  amount: z.string(),
  currency: z.string(),
  status: nullableText,
  payment_status: nullableText,
  url: z.string(),
  // Unix seconds; tolerate a numeric string.
  expired_at: z.coerce.number().int().nullish(),
  is_final: z.boolean(),
  payment_amount: nullableText,
  payer_amount: nullableText,
  payer_currency: nullableText,
  merchant_amount: nullableText,
  network: nullableText,
  address: nullableText,
  txid: nullableText,
  additional_data: nullableText,
  created_at: nullableText,
  updated_at: nullableText,
});

const paymentWithStatusSchema = paymentObjectSchema.refine(
  (payment) => Boolean(payment.status ?? payment.payment_status),
  { message: 'status or payment_status is required' },
);

/** The success envelope: `{"state":0,"result":{…}}`. */
export const paymentResponseSchema = z.object({ state: z.literal(0), result: paymentWithStatusSchema });

export interface CryptomusPayment {
  uuid: string;
  orderId: string;
  /** The invoice amount, exactly, in cents of `currency`. */
  amountCents: bigint;
  currency: string;
  /** `status`, or `payment_status` when only that is present. */
  status: string;
  isFinal: boolean;
  /** Where the payer goes to pay. */
  url: string;
  expiresAt: Date | null;
  /** What the payer has sent so far, in `payerCurrency` (`payment_amount`; "0.00" or null before). */
  paymentAmount: string | null;
  payerAmount: string | null;
  payerCurrency: string | null;
  network: string | null;
  txid: string | null;
  additionalData: string | null;
}

export function toCryptomusPayment(raw: z.infer<typeof paymentObjectSchema>): CryptomusPayment {
  return {
    uuid: raw.uuid,
    orderId: raw.order_id,
    amountCents: decimalToCents(raw.amount),
    currency: raw.currency,
    status: raw.status ?? raw.payment_status ?? '',
    isFinal: raw.is_final,
    url: raw.url,
    expiresAt: typeof raw.expired_at === 'number' ? new Date(raw.expired_at * 1000) : null,
    paymentAmount: raw.payment_amount ?? null,
    payerAmount: raw.payer_amount ?? null,
    payerCurrency: raw.payer_currency ?? null,
    network: raw.network ?? null,
    txid: raw.txid ?? null,
    additionalData: raw.additional_data ?? null,
  };
}
