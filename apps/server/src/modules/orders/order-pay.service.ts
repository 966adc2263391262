import { BYTES_PER_GB, type OrderSelection } from '@resiport/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { violatedConstraint } from '../../db/errors';
import { AppError } from '../../errors';
import { createInvoice, openCheckout } from '../billing/checkout.service';
import { checkInvoice } from '../billing/settle-invoice.service';
import { balanceOf, post } from '../ledger/ledger.service';
import { mainTrafficLeftShown } from '../account/traffic-left.service';
import { countAccountUses, recordRedemption, takeCouponUse } from './coupon.repository';
import {
  findOrderByKey,
  findOwnOrder,
  insertOrder,
  insertTrialClaim,
  type OrderRow,
  type OrderView,
} from './order.repository';
import { priceSelection, toQuote, type Buyer, type PricedOrder } from './order-quote.service';
import { creditOrderTraffic } from './order-settlement.service';

export type PayOutcome =
  | { kind: 'paid'; order: OrderView; balanceCents: bigint; trafficLeftBytes: bigint }
  | { kind: 'checkout'; order: OrderView; url: string }
  | { kind: 'insufficient'; amountCents: bigint; balanceCents: bigint };

/** Thrown inside the order transaction to roll it back when the balance does not cover it. */
class InsufficientBalance extends Error {
  constructor(
    readonly available: bigint,
    readonly amount: bigint,
  ) {
    super('insufficient balance');
  }
}

/** How the request was made: its idempotency key, and the total the customer was shown. */
export interface PayTerms {
  key?: string | undefined;
  expectedTotal?: number | undefined;
}

/**
 * Places and pays an order. From the balance: the money debit, the order and the traffic credit
 * commit together or not at all. With crypto: an unpaid order and its invoice, then the checkout;
 * the traffic comes when the invoice is paid. A repeated idempotency key answers with the first
 * order instead of placing another. A total other than the one the customer was shown places
 * nothing (PriceChanged, with the new quote).
 */
export async function payOrder(
  ctx: AppContext,
  buyer: Buyer,
  selection: OrderSelection,
  terms: PayTerms = {},
): Promise<PayOutcome> {
  const idempotencyKey = terms.key;
  const earlier = idempotencyKey ? await findOrderByKey(ctx.db, buyer.id, idempotencyKey) : undefined;
  if (earlier) return replay(ctx, earlier, selection);
  try {
    const placed = await ctx.db.transaction().execute((trx) => placeOrder(ctx, trx, buyer, selection, terms));
    return await outcomeOf(ctx, placed);
  } catch (error) {
    if (error instanceof InsufficientBalance) {
      return { kind: 'insufficient', amountCents: error.amount, balanceCents: error.available };
    }
    const constraint = violatedConstraint(error);
    if (constraint?.startsWith('trial_claims')) throw new AppError('TrialUsed');
    if (constraint === 'orders_idempotency_uq' && idempotencyKey) {
      // The same request raced in twice; the other one placed the order.
      const winner = await findOrderByKey(ctx.db, buyer.id, idempotencyKey);
      if (winner) return replay(ctx, winner, selection);
    }
    throw error;
  }
}

async function placeOrder(
  ctx: AppContext,
  trx: Transaction<Database>,
  buyer: Buyer,
  selection: OrderSelection,
  terms: PayTerms,
): Promise<OrderRow> {
  const now = ctx.clock();
  const priced = await priceSelection(trx, buyer, selection, now);
  // Priced under the same transaction that charges: the total checked is the total paid.
  if (terms.expectedTotal !== undefined && BigInt(terms.expectedTotal) !== priced.amounts.total_cents) {
    throw new AppError('PriceChanged', {}, toQuote(priced));
  }
  const invoice =
    priced.paidType === 'cryptomus'
      ? await createInvoice(ctx, trx, {
          purpose: 'order',
          accountId: buyer.id,
          amountCents: priced.amounts.total_cents,
        })
      : undefined;
  const order = await insertOrder(trx, {
    account_id: buyer.id,
    package_id: priced.packageId,
    is_trial: priced.isTrial,
    traffic_bytes: priced.trafficBytes,
    ...priced.amounts,
    paid_type: priced.paidType,
    status: invoice ? 'unpaid' : 'paid',
    paid_at: invoice ? null : now,
    coupon_id: priced.coupon?.id ?? null,
    coupon_code: priced.coupon?.code ?? null,
    invoice_id: invoice?.id ?? null,
    idempotency_key: terms.key ?? null,
  });
  if (priced.coupon) await redeemCoupon(trx, priced, order, now);
  if (priced.isTrial) await insertTrialClaim(trx, { accountId: buyer.id, ip: buyer.ip, orderId: order.id });
  if (priced.paidType === 'balance') {
    const debit = await post(trx, {
      accountId: buyer.id,
      asset: 'money',
      kind: 'order_payment',
      amount: -priced.amounts.amount_cents,
      ref: { type: 'order', id: String(order.id) },
    });
    if (!debit.ok) throw new InsufficientBalance(debit.available, priced.amounts.amount_cents);
  }
  if (!invoice) await creditOrderTraffic(trx, order, now);
  return order;
}

/** Takes the order's coupon use atomically; the last use of a coupon goes to exactly one order. */
async function redeemCoupon(
  trx: Transaction<Database>,
  priced: PricedOrder,
  order: OrderRow,
  now: Date,
): Promise<void> {
  const coupon = priced.coupon;
  if (!coupon) return;
  const taken = await takeCouponUse(trx, coupon.id, now);
  if (!taken) {
    throw new AppError(coupon.expires_at && coupon.expires_at <= now ? 'CouponExpired' : 'CouponUsedUp');
  }
  // The coupon row is locked by now, so this count sees every committed use by this account.
  const perAccount = taken.max_uses_per_account;
  if (perAccount !== null && (await countAccountUses(trx, coupon.id, order.account_id)) >= perAccount) {
    throw new AppError('CouponAlreadyUsed');
  }
  await recordRedemption(trx, { orderId: order.id, couponId: coupon.id, accountId: order.account_id });
}

async function outcomeOf(ctx: AppContext, placed: { id: number; account_id: number }): Promise<PayOutcome> {
  const order = await findOwnOrder(ctx.db, placed.account_id, placed.id);
  if (!order) throw new Error('order vanished');
  if (order.status === 'unpaid' && order.invoice_id !== null) {
    const url =
      order.checkout_url ??
      (await openCheckout(ctx, invoiceOf(order), `/client/residential?order_id=${order.id}`));
    return { kind: 'checkout', order, url };
  }
  return {
    kind: 'paid',
    order,
    balanceCents: await balanceOf(ctx.db, order.account_id, 'money'),
    trafficLeftBytes: await mainTrafficLeftShown(ctx.db, order.account_id),
  };
}

function invoiceOf(order: OrderView) {
  if (order.invoice_id === null || order.invoice_ref === null) throw new Error('order has no invoice');
  return { id: order.invoice_id, order_ref: order.invoice_ref, amount_cents: order.total_cents };
}

/** The same key again: the first order's outcome, if the request is the same one. */
function replay(ctx: AppContext, order: OrderView, selection: OrderSelection): Promise<PayOutcome> {
  const samePurchase =
    (selection.trial === true ? order.is_trial : true) &&
    (selection.package_id === undefined || selection.package_id === order.package_id) &&
    (selection.quantity === undefined ||
      (order.package_id === null &&
        BigInt(selection.quantity) * BigInt(BYTES_PER_GB) === order.traffic_bytes)) &&
    (selection.coupon ?? null) === order.coupon_code &&
    (order.paid_type === 'free' || order.paid_type === selection.way);
  if (!samePurchase) throw new AppError('IdempotencyKeyReused');
  return outcomeOf(ctx, order);
}

/** Returning from the checkout: asks the provider about the order's invoice now, then reports. */
export async function checkOrderPayment(ctx: AppContext, buyer: Buyer, orderId: number): Promise<OrderView> {
  const order = await findOwnOrder(ctx.db, buyer.id, orderId);
  if (!order) throw new AppError('NotFound');
  if (order.status === 'unpaid' && order.invoice_id !== null) {
    await checkInvoice(ctx, order.invoice_id, 'checkPay');
  }
  const fresh = await findOwnOrder(ctx.db, buyer.id, orderId);
  if (!fresh) throw new AppError('NotFound');
  return fresh;
}
