import { orderEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unexpectedAnswer } from '../../../lib/api';
import { payOutcomeOf, type PayOutcome } from '../order-payment';
import { orderRequestOf, type OrderParams } from '../order-selection';

export interface PayOrderInput {
  params: OrderParams;
  idempotencyKey: string;
  /** The total on the Pay button: the server refuses another one (10029 PriceChanged). */
  expectedTotalCents: number;
}

export type PayResult = Exclude<PayOutcome, { kind: 'unexpected' }>;

/**
 * POST /order/pay: paid (code 0), go to the crypto checkout (20302) or balance short (20402), both
 * passed through by `api.call`. Refusals (10026 trial used, a bad coupon, 10021, 10029 the price
 * changed with the new quote as its data …) are toasted by the wrapper and reject.
 */
export async function payOrder({
  params,
  idempotencyKey,
  expectedTotalCents,
}: PayOrderInput): Promise<PayResult> {
  const reply = await api.call(orderEndpoints.pay, {
    ...orderRequestOf(params),
    idempotency_key: idempotencyKey,
    expected_total_cents: expectedTotalCents,
  });
  const outcome = payOutcomeOf(reply);
  if (outcome.kind !== 'unexpected') return outcome;
  throw unexpectedAnswer();
}

export function usePayOrder() {
  return useMutation({ mutationFn: payOrder });
}
