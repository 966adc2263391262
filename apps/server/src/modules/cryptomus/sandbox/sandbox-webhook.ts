import type { FastifyBaseLogger } from 'fastify';
import { signWebhookPayload } from '../signature';
import type { SandboxInvoice } from './sandbox.repository';
import { webhookData } from './sandbox-payloads';

const TIMEOUT_MS = 10_000;

export interface WebhookDelivery {
  delivered: boolean;
  /** The receiver's HTTP status, when it answered. */
  httpStatus?: number;
  reason?: 'no_callback' | 'rejected' | 'unreachable';
}

export interface WebhookSender {
  paymentKey: string;
  fetch: typeof fetch;
  log: FastifyBaseLogger;
}

/**
 * POSTs the invoice's current state to its url_callback, signed and encoded as Cryptomus' PHP does
 * (slashes escaped, `sign` appended last). A failed delivery is logged and reported, never thrown:
 * the invoice keeps its state either way, as at Cryptomus (which retries; here, `sendWebhook` re-sends).
 */
export async function deliverWebhook(
  invoice: SandboxInvoice,
  sender: WebhookSender,
): Promise<WebhookDelivery> {
  if (!invoice.url_callback) return { delivered: false, reason: 'no_callback' };
  const context = { uuid: invoice.uuid, status: invoice.status, url: invoice.url_callback };
  try {
    const response = await sender.fetch(invoice.url_callback, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signWebhookPayload(webhookData(invoice), sender.paymentKey),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) {
      sender.log.info({ ...context, httpStatus: response.status }, 'cryptomus sandbox: webhook delivered');
      return { delivered: true, httpStatus: response.status };
    }
    sender.log.warn({ ...context, httpStatus: response.status }, 'cryptomus sandbox: webhook rejected');
    return { delivered: false, httpStatus: response.status, reason: 'rejected' };
  } catch (error) {
    sender.log.warn(
      { ...context, error: (error as Error).message },
      'cryptomus sandbox: webhook not delivered',
    );
    return { delivered: false, reason: 'unreachable' };
  }
}
