import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';
import { BYTES_PER_GB } from './money';
import { idempotencyKeySchema, pageOf, paymentDetailSchema, paymentReceivedSchema } from './recharge';
import { rowIdSchema } from './rules';

/** Orders and the catalogue (docs/product.md#orders). Paths are relative to `/api`. */

export const priceTierSchema = z.object({
  /** The tier applies from this many GB upwards (until the next tier's min_gb). */
  min_gb: z.number().int(),
  price_per_gb_cents: z.number().int(),
});
export type PriceTier = z.infer<typeof priceTierSchema>;
export const priceMenuData = z.object({ tiers: z.array(priceTierSchema) });

export const packageSchema = z.object({
  id: z.number().int(),
  /** Stable name; the web shows `package.<code>` from its locale files. */
  code: z.string(),
  traffic_bytes: z.number().int(),
  price_cents: z.number().int(),
  is_trial: z.boolean(),
});
export type TrafficPackage = z.infer<typeof packageSchema>;
export const packagesData = z.object({
  list: z.array(packageSchema),
  /** Whether this account, from this address, can still take the free trial (once per account and network). */
  trial_available: z.boolean(),
});

/** Largest quantity one order may buy at tier prices. */
export const MAX_ORDER_GB = 10_000;

export const paymentWays = ['cryptomus', 'balance'] as const;
export type PaymentWay = (typeof paymentWays)[number];
/** How an order was paid: `free` is a trial or an order a coupon made free (nothing to pay). */
export const paidTypes = ['cryptomus', 'balance', 'free'] as const;
export const orderStatuses = ['unpaid', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const couponKinds = ['percent', 'fixed'] as const;

/** Whole GB typed by a person: digits only, 1…MAX_ORDER_GB ("1.5", "-1", "1e3" are refused). */
export const gbQuantitySchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: 'validation.quantity' })
  .transform(Number)
  .refine((gb) => gb >= 1 && gb <= MAX_ORDER_GB, { error: 'validation.quantity' });

/** A form or query flag: "true"/"1" or "false"/"0" (HTML forms send strings). */
export const flagSchema = z
  .enum(['true', 'false', '1', '0'], { error: 'validation.invalid' })
  .transform((v) => v === 'true' || v === '1');

const couponCodeSchema = z
  .string()
  .trim()
  .max(32, { error: 'validation.tooLong' })
  .transform((code) => (code === '' ? undefined : code.toUpperCase()));

/**
 * What to buy — exactly one of a package, the trial, or a quantity of GB at the tier price —
 * with an optional coupon and the payment way. The same fields quote (`check`) and buy (`pay`).
 */
const orderSelectionFields = z.object({
  package_id: rowIdSchema().optional(),
  quantity: gbQuantitySchema.optional(),
  trial: flagSchema.optional(),
  coupon: couponCodeSchema.optional(),
  way: z.enum(paymentWays, { error: 'validation.invalid' }).default('cryptomus'),
});

function exactlyOneChoice(
  value: { package_id?: number; quantity?: number; trial?: boolean; coupon?: string },
  ctx: z.RefinementCtx,
): void {
  const chosen = [value.package_id !== undefined, value.quantity !== undefined, value.trial === true];
  if (chosen.filter(Boolean).length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'validation.orderChoice' });
  }
  if (value.trial === true && value.coupon !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['coupon'], message: 'validation.couponWithTrial' });
  }
}

/**
 * What to buy — exactly one of a package, the trial, or a quantity of GB at the tier price —
 * with an optional coupon and the payment way. The same fields quote (`check`) and buy (`pay`).
 */
export const orderSelectionSchema = orderSelectionFields.superRefine(exactlyOneChoice);
export type OrderSelection = z.infer<typeof orderSelectionSchema>;

/**
 * The total the customer was shown (the quote's `total_cents`): when the server's total differs
 * (a price or coupon changed meanwhile) nothing is charged and the answer is PriceChanged with the new
 * quote as `data`. The portal always sends it; an API client that leaves it out pays the current total.
 */
const expectedTotalSchema = z.coerce
  .number<number | string>({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'validation.invalid' });

export const orderPayBody = orderSelectionFields
  .extend({ idempotency_key: idempotencyKeySchema, expected_total_cents: expectedTotalSchema.optional() })
  .superRefine(exactlyOneChoice);

export const couponSchema = z.object({
  code: z.string(),
  kind: z.enum(couponKinds),
  /** Percent (1–100) for `percent`, cents for `fixed`. */
  value: z.number().int(),
});

/** The quote: original = GB × price per GB; amount = original − discount; total = amount + fee. */
export const orderQuoteSchema = z.object({
  package_id: z.number().int().nullable(),
  is_trial: z.boolean(),
  traffic_bytes: z.number().int(),
  quantity_gb: z.number(),
  price_per_gb_cents: z.number().int(),
  original_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  /** The 3% crypto processing fee; 0 when paying from the balance. */
  fee_cents: z.number().int(),
  total_cents: z.number().int(),
  way: z.enum(paymentWays),
  coupon: couponSchema.nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** An order as the customer sees it (docs/product.md#order). */
export const orderSchema = z.object({
  id: z.number().int(),
  quantity_gb: z.number(),
  traffic_bytes: z.number().int(),
  package_code: z.string().nullable(),
  is_trial: z.boolean(),
  amount_cents: z.number().int(),
  paid_type: z.enum(paidTypes),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.enum(orderStatuses),
  price_per_gb_cents: z.number().int(),
  total_cents: z.number().int(),
  original_cents: z.number().int(),
  discount_cents: z.number().int(),
  fee_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  /** Where an unpaid crypto order can still be paid; null otherwise. */
  checkout_url: z.string().nullable(),
  /** The crypto payment's detail and what was received (decision 026); null without a crypto invoice. */
  payment_detail: paymentDetailSchema,
  payment_received: paymentReceivedSchema,
  /** What paying its crypto invoice over added to the balance, in cents (decision 026); 0 otherwise. */
  payment_extra_cents: z.number().int(),
  /** A refunded order: what went back to the balance (the balance history shows the entry); else null. */
  refunded_cents: z.number().int().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** `data` of a paid order (balance or free): the order and the balances after it. */
export const orderPaidData = z.object({
  order: orderSchema,
  balance_cents: z.number().int(),
  traffic_left_bytes: z.number().int(),
});

/** `data` of code 20302 for an order: where to pay, and what. */
export const orderCheckoutData = z.object({
  url: z.string(),
  order_id: z.number().int(),
  total_cents: z.number().int(),
});

/** `data` of code 20402: the balance does not cover the order; `missing_cents` is what to top up. */
export const paymentRequiredData = z.object({
  amount_cents: z.number().int(),
  balance_cents: z.number().int(),
  missing_cents: z.number().int(),
});

export const orderListQuery = z.object({
  page: z.coerce.number<number | string>().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number<number | string>().int().min(1).max(100).default(10),
  status: z.enum(orderStatuses, { error: 'validation.invalid' }).optional(),
});

export const orderCheckPayBody = z.object({
  order_id: rowIdSchema(),
});

export const trafficGb = (bytes: number) => bytes / BYTES_PER_GB;

/** Quoting, paying and listing orders (docs/product.md#orders). */
export const orderEndpoints = {
  priceMenu: defineEndpoint({
    method: 'GET',
    path: '/order/pricemenu',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: priceMenuData,
  }),
  packages: defineEndpoint({
    method: 'GET',
    path: '/order/packages',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: packagesData,
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/order/check',
    auth: 'account',
    readOnly: true,
    request: orderSelectionSchema,
    response: orderQuoteSchema,
  }),
  /**
   * Paid from the balance at once (code 0), or 20302 to the checkout, or 20402 balance short;
   * PriceChanged (data: the new quote) when `expected_total_cents` is not the total now.
   */
  pay: defineEndpoint({
    method: 'POST',
    path: '/order/pay',
    auth: 'account',
    request: orderPayBody,
    response: orderPaidData,
    passThrough: { GoToPayment: orderCheckoutData, PaymentRequired: paymentRequiredData },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/order/list',
    auth: 'account',
    readOnly: true,
    request: orderListQuery,
    response: pageOf(orderSchema),
  }),
  /** Still unpaid answers PaymentPending (a failure the client toasts) with the order as `data`. */
  checkPay: defineEndpoint({
    method: 'POST',
    path: '/order/checkPay',
    auth: 'account',
    request: orderCheckPayBody,
    response: orderSchema,
  }),
};
