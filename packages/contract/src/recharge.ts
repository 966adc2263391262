import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MAX_RECHARGE_CENTS, usdAmountSchema } from './money';
import { rowIdSchema } from './rules';

/** Balance top-ups with Cryptomus (spec §7 "Recharge"). Paths are relative to `/api`. */

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

export const rechargeStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export const rechargeStatusSchema = z.enum(rechargeStatuses);

export const checkPayBody = z.object({ recharge_id: rowIdSchema().optional() });

export const rechargeRecordSchema = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
  status: rechargeStatusSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
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

/** Balance top-ups (spec §7 "Recharge"). */
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
    request: pageQuery,
    response: pageOf(rechargeRecordSchema),
  }),
};
