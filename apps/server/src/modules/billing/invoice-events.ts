import type { PaymentReceived } from '@resiport/contract';
import type { Executor } from '../../db/database';
import { decimalToCentsDown } from '../cryptomus/money';
import type { CryptomusWebhook } from '../cryptomus/webhook';
import { insertInvoiceEvent } from './invoice-history.repository';
import type { InvoiceStatus } from './invoice.table';
import { paymentOutcomeOf, type PaymentOutcome } from './payment-provider';

/**
 * An invoice's history (crypto_invoice_events): every signed webhook, and every answer of the
 * provider to our checks that said something new, so the console shows how a payment went — and
 * what arrived after the invoice closed, which nothing else records.
 */

/** What the payer sent, as reported; null before anything arrived (a zero or a non-decimal). */
export function receivedFrom(amount: string | null, currency: string): PaymentReceived {
  if (amount === null || !/^\d+(\.\d+)?$/.test(amount) || /^0+(\.0+)?$/.test(amount)) return null;
  return { amount, currency };
}

/**
 * What arrived in USD cents, as the provider reported it: Cryptomus' `payment_amount_usd` (webhooks
 * only; payment/info does not carry it), or the amount itself when it was paid in USD. Rounded down.
 */
function usdCentsOf(received: PaymentReceived, reportedUsd: string | null): bigint | null {
  if (received === null) return null;
  if (reportedUsd !== null) return decimalToCentsDown(reportedUsd) ?? null;
  return received.currency.toUpperCase() === 'USD' ? (decimalToCentsDown(received.amount) ?? null) : null;
}

/** Records a signed webhook as it came (before settling, so a late one is kept too). */
export async function recordWebhook(
  db: Executor,
  invoice: { id: number; status: InvoiceStatus },
  webhook: CryptomusWebhook,
) {
  const outcome = paymentOutcomeOf(webhook.status, webhook.isFinal);
  const received = receivedFrom(webhook.paymentAmount, webhook.payerCurrency ?? webhook.currency ?? '');
  await insertInvoiceEvent(db, invoice.id, {
    kind: 'webhook',
    source: 'webhook',
    provider_status: webhook.status,
    is_final: webhook.isFinal,
    status: outcome.status,
    payment_detail: outcome.detail,
    received_amount: received?.amount ?? null,
    received_currency: received?.currency ?? null,
    received_usd_cents: usdCentsOf(received, webhook.paymentAmountUsd),
    invoice_status: invoice.status,
  });
}

/** Records the provider's answer to one of our checks, with what we made of it. */
export async function recordCheck(
  db: Executor,
  invoiceId: number,
  answer: { source: string; providerStatus: string; isFinal: boolean; received: PaymentReceived },
  outcome: PaymentOutcome,
) {
  await insertInvoiceEvent(db, invoiceId, {
    kind: 'check',
    source: answer.source,
    provider_status: answer.providerStatus,
    is_final: answer.isFinal,
    status: outcome.status,
    payment_detail: outcome.detail,
    received_amount: answer.received?.amount ?? null,
    received_currency: answer.received?.currency ?? null,
    received_usd_cents: usdCentsOf(answer.received, null),
    // Only an unpaid invoice is checked with the provider.
    invoice_status: 'unpaid',
  });
}
