import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database';
import { addSeconds, type Clock } from '../../../lib/clock';
import { createSandboxRepository, type SandboxInvoice } from './sandbox.repository';
import type { InvoiceRequest } from './sandbox-validation';
import { deliverWebhook, type WebhookDelivery, type WebhookSender } from './sandbox-webhook';

/** The payer's buttons on the checkout page. */
export const checkoutActions = ['pay', 'pay_over', 'underpay', 'expire'] as const;
export type CheckoutAction = (typeof checkoutActions)[number];

export type InvoiceLookup = { uuid: string } | { orderId: string };

export interface SandboxServiceOptions extends WebhookSender {
  db: Db;
  merchantId: string;
  clock: Clock;
}

export type SandboxService = ReturnType<typeof createSandboxService>;

/** The sandbox's behaviour: Cryptomus' invoice life cycle, driven by the checkout page's buttons. */
export function createSandboxService(options: SandboxServiceOptions) {
  const repo = createSandboxRepository(options.db);
  const { clock, merchantId } = options;
  // Webhooks sent on their own (an invoice found expired while being read) are tracked, so closing
  // the app (and a test) can wait for them instead of leaving requests in flight.
  const running = new Set<Promise<WebhookDelivery>>();

  function sendInBackground(invoice: SandboxInvoice): void {
    const delivery = deliverWebhook(invoice, options); // never rejects
    running.add(delivery);
    void delivery.finally(() => running.delete(delivery));
  }

  /** An unpaid invoice past its lifetime is closed as `cancel` when next looked at, with its webhook. */
  async function withExpiryApplied(invoice: SandboxInvoice): Promise<SandboxInvoice> {
    if (invoice.is_final || invoice.expires_at > clock()) return invoice;
    const expired = await repo.expireIfDue(invoice.uuid, clock());
    if (expired) sendInBackground(expired);
    return expired ?? (await repo.findByUuid(invoice.uuid)) ?? invoice;
  }

  async function findInvoice(lookup: InvoiceLookup): Promise<SandboxInvoice | undefined> {
    const invoice =
      'uuid' in lookup
        ? await repo.findByUuid(lookup.uuid)
        : await repo.findByOrderId(merchantId, lookup.orderId);
    return invoice && withExpiryApplied(invoice);
  }

  /** Cryptomus' idempotency: a known order_id returns its invoice unchanged, whatever else was sent. */
  async function createInvoice(request: InvoiceRequest): Promise<SandboxInvoice> {
    const now = clock();
    const invoice = await repo.insertOrFind({
      uuid: randomUUID(),
      merchant_id: merchantId,
      order_id: request.orderId,
      amount_cents: request.amountCents,
      currency: request.currency,
      status: 'check',
      is_final: false,
      payer_amount_cents: null,
      txid: null,
      url_callback: request.urlCallback,
      url_return: request.urlReturn,
      url_success: request.urlSuccess,
      additional_data: request.additionalData,
      is_payment_multiple: request.isPaymentMultiple,
      lifetime_seconds: request.lifetimeSeconds,
      expires_at: addSeconds(now, request.lifetimeSeconds),
      created_at: now,
      updated_at: now,
    });
    return withExpiryApplied(invoice);
  }

  /**
   * Applies a button press to an open invoice and awaits its webhook, so the merchant knows before the
   * payer's browser returns. A closed (or just expired) invoice is left as it is: `changed` is false.
   */
  async function act(uuid: string, action: CheckoutAction) {
    const invoice = await findInvoice({ uuid });
    if (!invoice) return undefined;
    if (invoice.is_final) return { invoice, changed: false };
    const now = clock();
    const settled = await repo.settleIfOpen(
      uuid,
      settlementFor(action, invoice, now),
      now,
      action === 'expire' ? undefined : now,
    );
    if (!settled) return { invoice: (await findInvoice({ uuid })) ?? invoice, changed: false };
    return { invoice: settled, changed: true, delivery: await deliverWebhook(settled, options) };
  }

  /** Re-sends the current state of an invoice (Cryptomus' "resend webhook"). */
  async function sendWebhook(uuid: string): Promise<WebhookDelivery | undefined> {
    const invoice = await findInvoice({ uuid });
    return invoice && deliverWebhook(invoice, options);
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.allSettled([...running]);
  }

  return { createInvoice, findInvoice, act, sendWebhook, idle };
}

/** What each button does, in Cryptomus' terms (statuses: Cryptomus API docs, doc.cryptomus.com). */
function settlementFor(action: CheckoutAction, invoice: SandboxInvoice, now: Date) {
  const amount = invoice.amount_cents;
  const txid = randomBytes(32).toString('hex');
  switch (action) {
    case 'pay':
      return { status: 'paid', is_final: true, payer_amount_cents: amount, txid };
    case 'pay_over':
      return {
        status: 'paid_over',
        is_final: true,
        payer_amount_cents: amount + max(1n, amount / 10n),
        txid,
      };
    case 'underpay':
      // With is_payment_multiple (Cryptomus' default) the payer may still send the rest.
      return invoice.is_payment_multiple
        ? { status: 'wrong_amount_waiting', is_final: false, payer_amount_cents: amount / 2n, txid }
        : { status: 'wrong_amount', is_final: true, payer_amount_cents: amount / 2n, txid };
    case 'expire':
      return {
        status: 'cancel',
        is_final: true,
        expires_at: invoice.expires_at < now ? invoice.expires_at : now,
      };
  }
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
