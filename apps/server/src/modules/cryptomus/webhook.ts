import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tryDecimalToCents } from './money';
import { verifyWebhookSignature } from './signature';

/**
 * Makes `request.body` the raw JSON text for every route of this (encapsulated) scope, because a
 * Cryptomus signature can only be checked against the bytes that arrived. Mount a webhook like so:
 *
 *   await api.register(async (scope) => {
 *     acceptRawJson(scope);
 *     scope.post('/recharge/cryptomus/webhook', async (request, reply) => {
 *       const result = parseWebhook(request.body as string, ctx.config.cryptomus.paymentKey);
 *       …
 *     });
 *   });
 *
 * Routes outside that plugin keep Fastify's normal JSON parsing.
 */
export function acceptRawJson(scope: FastifyInstance, bodyLimit = 64 * 1024): void {
  // Remove whatever JSON parser this scope inherited (the default or a custom one) before adding ours.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}

const webhookSchema = z.object({
  type: z.string(),
  uuid: z.string().min(1),
  order_id: z.string().min(1),
  status: z.string().min(1),
  is_final: z.boolean(),
  amount: z.string(),
  currency: z.string().nullish(),
  txid: z.string().nullish(),
  additional_data: z.string().nullish(),
  payment_amount: z.string().nullish(),
  payment_amount_usd: z.string().nullish(),
  payer_currency: z.string().nullish(),
});

/** A signature-checked payment webhook. Still only a hint: re-read payment/info before crediting. */
export interface CryptomusWebhook {
  type: string;
  uuid: string;
  orderId: string;
  status: string;
  isFinal: boolean;
  /** As sent (`"10.00"`); `amountCents` is undefined when it is not an exact cents amount. */
  amount: string;
  amountCents: bigint | undefined;
  currency: string | null;
  txid: string | null;
  additionalData: string | null;
  /** What the payer has sent so far, in `payerCurrency`, and its value in USD as Cryptomus puts it. */
  paymentAmount: string | null;
  paymentAmountUsd: string | null;
  payerCurrency: string | null;
  /** Everything that was signed (without `sign`), for the audit log. */
  payload: Record<string, unknown>;
}

export type WebhookRejection = 'bad_signature' | 'bad_shape' | 'not_a_payment';

export type ParsedWebhook = { ok: true; webhook: CryptomusWebhook } | { ok: false; reason: WebhookRejection };

/**
 * Verifies and types a webhook body. `bad_signature` (which includes malformed JSON and a missing or
 * empty `sign`) should be answered 4xx and logged as a security event; `not_a_payment` (a signed
 * `wallet` webhook) should be acknowledged and ignored.
 */
export function parseWebhook(rawBody: string, paymentKey: string): ParsedWebhook {
  const verified = verifyWebhookSignature(rawBody, paymentKey);
  if (!verified.ok || !verified.payload) return { ok: false, reason: 'bad_signature' };
  const parsed = webhookSchema.safeParse(verified.payload);
  if (!parsed.success) return { ok: false, reason: 'bad_shape' };
  const data = parsed.data;
  if (data.type !== 'payment') return { ok: false, reason: 'not_a_payment' };
  return {
    ok: true,
    webhook: {
      type: data.type,
      uuid: data.uuid,
      orderId: data.order_id,
      status: data.status,
      isFinal: data.is_final,
      amount: data.amount,
      amountCents: tryDecimalToCents(data.amount),
      currency: data.currency ?? null,
      txid: data.txid ?? null,
      additionalData: data.additional_data ?? null,
      paymentAmount: data.payment_amount ?? null,
      paymentAmountUsd: data.payment_amount_usd ?? null,
      payerCurrency: data.payer_currency ?? null,
      payload: verified.payload,
    },
  };
}
