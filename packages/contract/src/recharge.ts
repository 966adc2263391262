import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MAX_RECHARGE_CENTS, usdAmountSchema } from './money';
import { rowIdSchema } from './rules';

/** Balance top-ups with Cryptomus (docs/product.md#recharge). Paths are relative to `/api`. */

/** A client-made key (e.g. a UUID) that makes a retried or double-clicked request apply once. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\w-]{8,64}$/, { error: 'validation.invalid' })
  .optional();

export const rechargePayBody = z.object({
  amount: usdAmountSchema.refine((cents) => cents <= MAX_RECHARGE_CENTS, {
    error: 'validation.amountTooLarge',
  }),
  idempotency_key: idempotencyKeySchema,
});

/** `data` of code 20302: where the browser goes to pay, and what it pays. */
export const checkoutData = z.object({
  url: z.string(),
  recharge_id: z.number().int(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
});

/** A top-up's (and any crypto invoice's) status: the product's values (docs/product.md#payment-status); decision 026. */
export const rechargeStatuses = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;
export const rechargeStatusSchema = z.enum(rechargeStatuses);

/**
 * The provider's word beside the status (decision 026): `unpaid` may be `processing`, `confirming`,
 * `underpaid` (more may still come) or `locked` (held by the provider's AML check); `paid` may be
 * `paid_over`; `cancelled` is `expired`, `failed`, `underpaid` (not credited: an operator resolves
 * it), `refund_failed` or `credited` (an operator credited what arrived to the balance); `refunded`
 * may be `refund_pending`. Null when the status says it all.
 */
export const paymentDetails = [
  'processing',
  'confirming',
  'locked',
  'underpaid',
  'paid_over',
  'expired',
  'failed',
  'refund_pending',
  'refund_failed',
  'credited',
] as const;
export type PaymentDetail = (typeof paymentDetails)[number];
export const paymentDetailSchema = z.enum(paymentDetails).nullable();

/** What the payer actually sent, as the provider reports it (a decimal string in the coin paid). */
export const paymentReceivedSchema = z.object({ amount: z.string(), currency: z.string() }).nullable();
export type PaymentReceived = z.infer<typeof paymentReceivedSchema>;

export const checkPayBody = z.object({ recharge_id: rowIdSchema().optional() });

export const rechargeRecordSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
  status: rechargeStatusSchema,
  payment_detail: paymentDetailSchema,
  payment_received: paymentReceivedSchema,
  /** What a payment made beyond its invoice added to the balance, in cents (decision 026); 0 otherwise. */
  payment_extra_cents: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Where an unpaid top-up can still be paid; null otherwise. */
  checkout_url: z.string().nullable(),
});
export type RechargeRecord = z.infer<typeof rechargeRecordSchema>;

export const checkPayData = rechargeRecordSchema.extend({ balance_cents: z.number().int() });

export const pageQuery = z.object({
  page: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number<number | string>().int().min(1).max(100).default(10),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

/** Where Cryptomus posts payment updates (raw JSON, signed; not an envelope call). */
export const cryptomusWebhookPath = '/recharge/cryptomus/webhook';

/** Balance top-ups (docs/product.md#recharge). */
export const rechargeEndpoints = {
  /** Always answers 20302 with the checkout to go to. */
  pay: defineEndpoint({
    method: 'POST',
    path: '/recharge/cryptomusPay',
    auth: 'account',
    request: rechargePayBody,
    response: checkoutData,
    passThrough: { GoToPayment: checkoutData },
  }),
  /** Still pending answers PaymentPending (a failure the client toasts) with the top-up as `data`. */
  check: defineEndpoint({
    method: 'POST',
    path: '/recharge/checkPay',
    auth: 'account',
    request: checkPayBody,
    response: checkPayData,
  }),
  record: defineEndpoint({
    method: 'GET',
    path: '/order/rechargeRecord',
    auth: 'account',
    readOnly: true,
    request: pageQuery,
    response: pageOf(rechargeRecordSchema),
  }),
};
