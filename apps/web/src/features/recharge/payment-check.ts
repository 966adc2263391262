import { checkoutData, checkPayData, ResultCode, type RechargeRecord } from '@resiport/contract';
import type { ApiReply } from '../../lib/api-client';
import { isFollowableUrl } from '../../lib/checkout-url';

export type Checkout = ReturnType<typeof checkoutData.parse>;
export type CheckedRecharge = ReturnType<typeof checkPayData.parse>;
export type RechargeStatus = RechargeRecord['status'];

/**
 * What POST /recharge/checkPay said: the recharge and its status (code 0 for paid, failed or
 * expired; 10020 PaymentPending for pending, same data), or a refusal such as 10009 for a
 * recharge that is not this account's. The request wrapper has already toasted any non-zero code.
 */
export type PaymentCheck =
  | { status: RechargeStatus; recharge: CheckedRecharge; msg: string }
  | { status: 'error'; code: number; msg: string };

export function paymentCheckOf(reply: ApiReply<CheckedRecharge>): PaymentCheck {
  if (reply.ok) return { status: reply.data.status, recharge: reply.data, msg: reply.msg };
  if (reply.code === ResultCode.PaymentPending) {
    const parsed = checkPayData.safeParse(reply.data);
    if (parsed.success) return { status: 'pending', recharge: parsed.data, msg: reply.msg };
  }
  return { status: 'error', code: reply.code, msg: reply.msg };
}

/** A refusal that may pass if asked again (the provider or the server had a moment), unlike 10009. */
export function isTransient(code: number): boolean {
  return code === ResultCode.PaymentProviderUnavailable || code >= ResultCode.InternalError;
}

/**
 * The checkout of a POST /recharge/cryptomusPay answer: code 20302 GoToPayment passes through with
 * `data.url` (spec §8); undefined for anything else.
 */
export function checkoutOf(reply: ApiReply<Checkout>): Checkout | undefined {
  let checkout: Checkout | undefined;
  if (reply.ok) {
    checkout = reply.data;
  } else if (reply.code === ResultCode.GoToPayment) {
    const parsed = checkoutData.safeParse(reply.data);
    checkout = parsed.success ? parsed.data : undefined;
  }
  return checkout && isFollowableUrl(checkout.url) ? checkout : undefined;
}

/** Where the recharge page was sent back to by the checkout (`?recharge_id=<id>`), if anywhere. */
export function rechargeIdOf(search: URLSearchParams): number | undefined {
  const raw = search.get('recharge_id');
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
