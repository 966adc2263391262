import {
  orderCheckoutData,
  orderSchema,
  paymentRequiredData,
  ResultCode,
  type EndpointData,
  type EndpointPassThroughOutput,
  type Order,
  type orderEndpoints,
} from '@resiport/contract';
import type { ApiPassThrough, ApiSuccess } from '../../lib/api-reply';
import type { CheckRefusal } from '../../lib/checkout-return';
import { isFollowableUrl } from '../../lib/checkout-url';

export type OrderPaid = EndpointData<typeof orderEndpoints.pay>;
export type OrderCheckout = EndpointPassThroughOutput<typeof orderEndpoints.pay, 'GoToPayment'>;
export type BalanceShortfall = EndpointPassThroughOutput<typeof orderEndpoints.pay, 'PaymentRequired'>;

/**
 * How POST /order/pay ended: paid at once (from the balance, or free), go to the crypto checkout
 * (code 20302), or the balance does not cover it (code 20402). Refusals reject in the wrapper.
 */
export type PayOutcome =
  | { kind: 'paid'; paid: OrderPaid }
  | { kind: 'checkout'; checkout: OrderCheckout }
  | { kind: 'balanceShort'; shortfall: BalanceShortfall }
  | { kind: 'unexpected' };

/** Reads any answer, not only the typed ones `api.call` gives: the checkout's address is checked here. */
export function payOutcomeOf(reply: ApiSuccess<OrderPaid> | ApiPassThrough): PayOutcome {
  if (reply.ok) return { kind: 'paid', paid: reply.data };
  if (reply.code === ResultCode.GoToPayment) {
    const parsed = orderCheckoutData.safeParse(reply.data);
    if (parsed.success && isFollowableUrl(parsed.data.url)) {
      return { kind: 'checkout', checkout: parsed.data };
    }
  }
  if (reply.code === ResultCode.PaymentRequired) {
    const parsed = paymentRequiredData.safeParse(reply.data);
    if (parsed.success) return { kind: 'balanceShort', shortfall: parsed.data };
  }
  return { kind: 'unexpected' };
}

/** One pay attempt: the order (see `orderParamsKey`) and the idempotency key its requests carry. */
export interface OrderAttempt {
  order: string;
  key: string;
}

/**
 * The same order again (a double click, a retry after a network error) keeps the key, so the
 * server pays or invoices it once; a changed order is a new attempt.
 */
export function orderAttemptFor(
  previous: OrderAttempt | null,
  order: string,
  newKey: () => string,
): OrderAttempt {
  return previous?.order === order ? previous : { order, key: newKey() };
}

/** Order statuses as the payment check reports them: `unpaid` means the payment has not arrived yet. */
export type OrderCheckStatus = 'paid' | 'pending' | 'cancelled' | 'refunded';

/**
 * What POST /order/checkPay said: the order (code 0; code 10020 PaymentPending carries it too,
 * passed through after its toast), or a refusal such as 10009 for an order that is not this account's.
 */
export type OrderCheck = { status: OrderCheckStatus; order: Order; msg: string } | CheckRefusal;

const checkStatusOf: Record<Order['status'], OrderCheckStatus> = {
  paid: 'paid',
  unpaid: 'pending',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export function orderCheckOf(reply: ApiSuccess<Order> | ApiPassThrough): OrderCheck {
  if (reply.ok) return { status: checkStatusOf[reply.data.status], order: reply.data, msg: reply.msg };
  if (reply.code === ResultCode.PaymentPending) {
    const parsed = orderSchema.safeParse(reply.data);
    if (parsed.success) return { status: 'pending', order: parsed.data, msg: reply.msg };
  }
  return { status: 'error', code: reply.code, msg: reply.msg };
}

/** An unpaid crypto order that can still be paid at its checkout. */
export function payableCheckoutOf(order: Order): string | undefined {
  if (order.status !== 'unpaid' || order.checkout_url === null) return undefined;
  return isFollowableUrl(order.checkout_url) ? order.checkout_url : undefined;
}
