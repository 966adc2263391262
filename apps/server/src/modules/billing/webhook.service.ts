import type { AppContext } from '../../context';
import { parseWebhook } from '../cryptomus/webhook';
import { recordWebhook } from './invoice-events';
import { findInvoiceByRef } from './invoice.repository';
import { settleInvoice } from './settle-invoice.service';

export interface WebhookAnswer {
  status: 200 | 400 | 401 | 403 | 503;
  accepted: boolean;
}

/**
 * A Cryptomus webhook. The signature and (optionally) the source IP are checked first; then the
 * body is only a hint: the invoice is settled from the provider's own answer, so forged, tampered
 * or replayed bodies can never move money. Rejections are logged as security events (without `sign`).
 */
export async function handleCryptomusWebhook(
  ctx: AppContext,
  rawBody: string,
  sourceIp: string,
): Promise<WebhookAnswer> {
  const { webhookIps, paymentKey } = ctx.config.cryptomus;
  if (webhookIps.length > 0 && !webhookIps.includes(sourceIp)) {
    ctx.log.warn({ sourceIp }, 'cryptomus webhook rejected: source IP not allowed');
    return { status: 403, accepted: false };
  }
  const parsed = parseWebhook(rawBody, paymentKey);
  if (!parsed.ok) {
    if (parsed.reason === 'not_a_payment') return { status: 200, accepted: false };
    ctx.log.warn({ sourceIp, reason: parsed.reason }, 'cryptomus webhook rejected');
    return { status: parsed.reason === 'bad_signature' ? 401 : 400, accepted: false };
  }
  const { orderId, uuid } = parsed.webhook;
  const invoice = await findInvoiceByRef(ctx.db, orderId);
  if (!invoice || (invoice.provider_uuid !== null && invoice.provider_uuid !== uuid)) {
    ctx.log.warn({ orderId, uuid }, 'cryptomus webhook for an unknown invoice; acknowledged and ignored');
    return { status: 200, accepted: false };
  }
  try {
    // Kept as it came, even for a closed invoice: a payment that arrives late shows only here.
    await recordWebhook(ctx.db, invoice, parsed.webhook);
    await settleInvoice(ctx, invoice, 'webhook');
    return { status: 200, accepted: true };
  } catch (error) {
    // Not acknowledged, so Cryptomus retries; the reconciliation job also picks it up.
    ctx.log.error({ err: error, invoiceId: invoice.id }, 'cryptomus webhook could not be settled now');
    return { status: 503, accepted: false };
  }
}
