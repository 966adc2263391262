import {
  checkoutData,
  checkPayData,
  ResultCode,
  type EndpointData,
  type RechargeRecord,
  type rechargeEndpoints,
} from '@resiport/contract';
import type { ApiPassThrough, ApiSuccess } from '../../lib/api-reply';
import type { CheckRefusal } from '../../lib/checkout-return';
import { isFollowableUrl } from '../../lib/checkout-url';

export type Checkout = EndpointData<typeof rechargeEndpoints.pay>;
export type CheckedRecharge = EndpointData<typeof rechargeEndpoints.check>;
export type RechargeStatus = RechargeRecord['status'];

/**
 * What POST /recharge/checkPay said: the recharge and its status (code 0 once it is paid,
 * cancelled or refunded; 10020 PaymentPending while unpaid, same data), or a refusal such as 10009 for a
 * recharge that is not this account's. The request wrapper has already toasted any non-zero code.
 */
export type PaymentCheck = { status: RechargeStatus; recharge: CheckedRecharge; msg: string } | CheckRefusal;

export function paymentCheckOf(reply: ApiSuccess<CheckedRecharge> | ApiPassThrough): PaymentCheck {
  if (reply.ok) return { status: reply.data.status, recharge: reply.data, msg: reply.msg };
  if (reply.code === ResultCode.PaymentPending) {
    const parsed = checkPayData.safeParse(reply.data);
    if (parsed.success) return { status: 'unpaid', recharge: parsed.data, msg: reply.msg };
  }
  return { status: 'error', code: reply.code, msg: reply.msg };
}

/**
 * The checkout of a POST /recharge/cryptomusPay answer: code 20302 GoToPayment passes through with
 * `data.url` (docs/product.md#request-wrapper); undefined for anything else.
 */
export function checkoutOf(reply: ApiSuccess<Checkout> | ApiPassThrough): Checkout | undefined {
  let checkout: Checkout | undefined;
  if (reply.ok) {
    checkout = reply.data;
  } else if (reply.code === ResultCode.GoToPayment) {
    const parsed = checkoutData.safeParse(reply.data);
    checkout = parsed.success ? parsed.data : undefined;
  }
  return checkout && isFollowableUrl(checkout.url) ? checkout : undefined;
}

/** An unpaid top-up that can still be paid at its checkout. */
export function payableRechargeCheckout(recharge: RechargeRecord): string | undefined {
  if (recharge.status !== 'unpaid' || recharge.checkout_url === null) return undefined;
  return isFollowableUrl(recharge.checkout_url) ? recharge.checkout_url : undefined;
}
