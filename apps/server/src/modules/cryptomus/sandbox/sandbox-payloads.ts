import { unixSeconds } from '../../../lib/clock';
import { centsToDecimal } from '../money';
import type { SandboxInvoice } from './sandbox.repository';

/**
 * What the sandbox says about an invoice, shaped like Cryptomus (Cryptomus API docs, doc.cryptomus.com: payment object, webhook). The
 * sandbox "payer" always pays in USDT on Tron at 1:1 and Cryptomus takes no commission here, so
 * `payer_amount` (what the payer is asked for) is the invoice amount and `payment_amount` =
 * `merchant_amount` = what was paid.
 */
const PAYER_CURRENCY = 'USDT';
const NETWORK = 'tron';

const paid = (invoice: SandboxInvoice) =>
  invoice.payer_amount_cents === null ? null : centsToDecimal(invoice.payer_amount_cents);

/** Cryptomus prints ISO 8601 with an offset and no milliseconds: `2023-07-11T20:23:52+00:00`. */
const isoWithOffset = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The "payment object" of `POST /v1/payment` and `/v1/payment/info`. */
export function paymentObject(invoice: SandboxInvoice, checkoutUrl: string): Record<string, unknown> {
  return {
    uuid: invoice.uuid,
    order_id: invoice.order_id,
    amount: centsToDecimal(invoice.amount_cents),
    payment_amount: paid(invoice),
    payer_amount: centsToDecimal(invoice.amount_cents),
    discount_percent: 0,
    discount: '0.00',
    payer_currency: PAYER_CURRENCY,
    currency: invoice.currency,
    comments: null,
    merchant_amount: paid(invoice),
    network: NETWORK,
    address: null,
    from: null,
    txid: invoice.txid,
    payment_status: invoice.status,
    url: checkoutUrl,
    expired_at: unixSeconds(invoice.expires_at),
    status: invoice.status,
    is_final: invoice.is_final,
    additional_data: invoice.additional_data,
    created_at: isoWithOffset(invoice.created_at),
    updated_at: isoWithOffset(invoice.updated_at),
  };
}

/** The webhook data before `sign` is added, in Cryptomus' field order (the order is part of what is signed). */
export function webhookData(invoice: SandboxInvoice): Record<string, unknown> {
  const amountPaid = paid(invoice) ?? '0.00';
  return {
    type: 'payment',
    uuid: invoice.uuid,
    order_id: invoice.order_id,
    amount: centsToDecimal(invoice.amount_cents),
    payment_amount: amountPaid,
    payment_amount_usd: amountPaid,
    merchant_amount: amountPaid,
    commission: '0.00',
    is_final: invoice.is_final,
    status: invoice.status,
    from: null,
    wallet_address_uuid: null,
    network: NETWORK,
    currency: invoice.currency,
    payer_currency: PAYER_CURRENCY,
    payer_amount: centsToDecimal(invoice.amount_cents),
    payer_amount_exchange_rate: '1',
    additional_data: invoice.additional_data,
    txid: invoice.txid,
  };
}
