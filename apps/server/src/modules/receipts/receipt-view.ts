import {
  receiptNumber,
  type Order,
  type Receipt,
  type RechargeRecord,
  type ServerLang,
} from '@resiport/contract';
import { phrase } from '../../i18n/phrase';
import { formatTraffic, formatUsd } from '../../i18n/figures';

/** Who a receipt is issued to and by: the signed-in account and the operator's APP_NAME. */
export interface ReceiptParties {
  issuer: string;
  email: string;
  lang: ServerLang;
}

/**
 * A paid top-up's receipt: the amount credited is the one line, the 3% fee as stored beside it, and
 * the invoice's total. Every figure is the stored one; nothing is recomputed (docs/architecture.md#ledger).
 */
export function rechargeReceipt(
  recharge: RechargeRecord & { paid_at: string },
  who: ReceiptParties,
): Receipt {
  return {
    number: receiptNumber('recharge', recharge.id),
    kind: 'recharge',
    id: recharge.id,
    issuer: who.issuer,
    customer_email: who.email,
    lang: who.lang,
    currency: 'USD',
    lines: [
      {
        description: phrase(who.lang, 'receipt', 'line.recharge', { app: who.issuer }),
        traffic_bytes: null,
        unit_price_cents: null,
        amount_cents: recharge.amount_cents,
      },
    ],
    subtotal_cents: recharge.amount_cents,
    coupon_code: null,
    discount_cents: 0,
    fee_cents: recharge.fee_cents,
    total_cents: recharge.total_cents,
    payment_method: 'cryptomus',
    status: 'paid',
    created_at: recharge.created_at,
    paid_at: recharge.paid_at,
    refunded_at: null,
    payment_received: recharge.payment_received,
    payment_extra_cents: recharge.payment_extra_cents,
  };
}

type PaidOrder = Order & { paid_at: string; refunded_at: string | null };

/** What an order bought, in words: the trial, a package, or GB at the tier price. */
function orderLine(order: Order, lang: ServerLang): string {
  const traffic = formatTraffic(order.traffic_bytes, lang);
  if (order.is_trial) return phrase(lang, 'receipt', 'line.trial', { traffic });
  if (order.package_code !== null) {
    return phrase(lang, 'receipt', 'line.orderPackage', { code: order.package_code, traffic });
  }
  const price = formatUsd(order.price_per_gb_cents, lang);
  return `${phrase(lang, 'receipt', 'line.order', { traffic })} × ${phrase(lang, 'receipt', 'line.perGb', { price })}`;
}

/**
 * A paid (or later refunded) order's receipt: its original price, the coupon's discount, the fee
 * and the total, each as stored on the order when it was priced.
 */
export function orderReceipt(order: PaidOrder, who: ReceiptParties): Receipt {
  const custom = !order.is_trial && order.package_code === null;
  return {
    number: receiptNumber('order', order.id),
    kind: 'order',
    id: order.id,
    issuer: who.issuer,
    customer_email: who.email,
    lang: who.lang,
    currency: 'USD',
    lines: [
      {
        description: orderLine(order, who.lang),
        traffic_bytes: order.traffic_bytes,
        unit_price_cents: custom ? order.price_per_gb_cents : null,
        amount_cents: order.original_cents,
      },
    ],
    subtotal_cents: order.original_cents,
    coupon_code: order.coupon_code,
    discount_cents: order.discount_cents,
    fee_cents: order.fee_cents,
    total_cents: order.total_cents,
    payment_method: order.paid_type,
    status: order.status === 'refunded' ? 'refunded' : 'paid',
    created_at: order.created_at,
    paid_at: order.paid_at,
    refunded_at: order.refunded_at,
    payment_received: order.payment_received,
    payment_extra_cents: order.payment_extra_cents,
  };
}
