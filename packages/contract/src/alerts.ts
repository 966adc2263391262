import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';
import { trafficGbSchema, usdAmountSchema } from './money';
import { flagSchema } from './orders';
import { nullIfEmpty, rowIdSchema } from './rules';

/**
 * Alerts (decision 039): what a customer is told, by mail and by a signed webhook, when a
 * sub-account crosses a share of its traffic, the main account runs low or empty, the balance runs
 * low, a payment arrives, an order is paid, or an auto-refill moved traffic or could not. Each
 * threshold crossing alerts once; it alerts again only after the figure went back above it.
 */
export const alertKinds = [
  'sub_used',
  'main_low',
  'main_empty',
  'low_balance',
  'payment_received',
  'order_paid',
  'refill_done',
  'refill_failed',
  'test',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Thresholds in % of a sub-account's traffic used; 100 is "empty". At most this many. */
export const MAX_ALERT_PERCENTS = 4;
export const WEBHOOK_URL_MAX = 500;
/** The header a webhook's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-resiport-signature';

/** "80, 90, 100" (a form) or [80, 90, 100] (JSON): distinct whole percents 1–100, sorted. */
const percentsField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const parts = value.split(',').map((part) => part.trim());
    return parts.length === 1 && parts[0] === ''
      ? []
      : parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : part));
  },
  // Checked as a whole, so the message is the field's (not one of its items').
  z
    .array(z.unknown(), { error: 'validation.percents' })
    .refine((list): list is number[] => list.every(isPercent), { error: 'validation.percents' })
    .transform((list) => [...new Set(list as number[])].sort((a, b) => a - b))
    // Counted once repeats are gone: "80, 80, 90" is two thresholds.
    .refine((list) => list.length <= MAX_ALERT_PERCENTS, { error: 'validation.percents' }),
);

const isPercent = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100;

/** An https:// address without credentials in it; empty removes the webhook. */
const webhookUrlField = z.preprocess(
  nullIfEmpty,
  z
    .string({ error: 'validation.webhookUrl' })
    .max(WEBHOOK_URL_MAX, { error: 'validation.webhookUrl' })
    .refine(isWebhookUrl, { error: 'validation.webhookUrl' })
    .nullable(),
);

function isWebhookUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  // http:// passes here; the server refuses it unless it may reach private addresses (tests).
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}

const gbOrNone = z.preprocess(
  nullIfEmpty,
  trafficGbSchema.refine((bytes) => bytes > 0, { error: 'validation.traffic' }).nullable(),
);
const usdOrNone = z.preprocess(
  nullIfEmpty,
  usdAmountSchema.refine((cents) => cents > 0, { error: 'validation.amount' }).nullable(),
);

/** Every field optional: an absent one stays as it is. */
export const alertSettingsBody = z.object({
  email_enabled: flagSchema.optional(),
  webhook_url: webhookUrlField.optional(),
  sub_percents: percentsField.optional(),
  main_left_below: gbOrNone.optional(),
  main_empty: flagSchema.optional(),
  low_balance_below: usdOrNone.optional(),
  on_payment: flagSchema.optional(),
  on_order: flagSchema.optional(),
  on_refill: flagSchema.optional(),
});
export type AlertSettingsInput = z.infer<typeof alertSettingsBody>;

export const alertSettingsData = z.object({
  email_enabled: z.boolean(),
  webhook_url: z.string().nullable(),
  /** Signs every webhook body; shown so the receiver can check it. Rotating makes a new one. */
  webhook_secret: z.string().nullable(),
  sub_percents: z.array(z.number().int()),
  main_left_below_bytes: z.number().int().nullable(),
  main_empty: z.boolean(),
  low_balance_below_cents: z.number().int().nullable(),
  on_payment: z.boolean(),
  on_order: z.boolean(),
  on_refill: z.boolean(),
});
export type AlertSettings = z.infer<typeof alertSettingsData>;

export const alertDeliveryStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * Why a delivery's last attempt failed, as a code the portal words in each language (the receiver's
 * HTTP status and answer are kept apart; a mail server's own words stay in the server's log, since they
 * name the operator's infrastructure).
 */
export const alertDeliveryErrors = [
  'superseded',
  'no_secret',
  'not_https',
  'private_address',
  'timeout',
  'http_status',
  'network',
  'mail',
] as const;
export type AlertDeliveryError = (typeof alertDeliveryErrors)[number];
export const alertDeliveryData = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  kind: z.enum(alertKinds),
  channel: z.enum(['email', 'webhook']),
  target: z.string(),
  status: z.enum(alertDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt (webhooks), or null. */
  last_status: z.number().int().nullable(),
  last_error: z.enum(alertDeliveryErrors).nullable(),
  /** The start of what the receiver answered last (webhooks), or the network's error code (`ECONNREFUSED`). */
  last_response: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_at: z.string().nullable(),
  created_at: z.string(),
});
export type AlertDelivery = z.infer<typeof alertDeliveryData>;

/** The settings with the latest deliveries (the delivery log). */
export const alertsData = z.object({
  settings: alertSettingsData,
  deliveries: z.array(alertDeliveryData),
});

/** A sub-account's own thresholds: empty uses the account's, "none" turns them off for it. */
export const subAlertsBody = z.object({
  id: rowIdSchema(),
  alert_percents: z.preprocess(
    (value) => (value === '' ? null : value === 'none' ? [] : value),
    percentsField.nullable(),
  ),
});

export const alertEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/user/alerts',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: alertsData,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/user/alertsupdate',
    auth: 'account',
    request: alertSettingsBody,
    response: alertsData,
  }),
  /** Sends a `test` alert to every channel that is on (its deliveries show in the log). */
  test: defineEndpoint({
    method: 'POST',
    path: '/user/alerttest',
    auth: 'account',
    request: noInput,
    response: alertsData,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/user/alertsecret',
    auth: 'account',
    request: noInput,
    response: alertsData,
  }),
};
