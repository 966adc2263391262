import { orderPaidData, orderPaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { message } from 'antd';
import { ERROR_TOAST_SECONDS } from '../../../config/business';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { runtimeMessage } from '../../../lib/runtime-intl';
import { payOutcomeOf, type PayOutcome } from '../order-payment';
import type { OrderParams } from '../order-selection';

export interface PayOrderInput {
  params: OrderParams;
  idempotencyKey: string;
}

export type PayResult = Exclude<PayOutcome, { kind: 'unexpected' }>;

/**
 * POST /order/pay: paid (code 0), go to the crypto checkout (20302) or balance short (20402), both
 * passed through by `api.call`. Refusals (10026 trial used, a bad coupon, 10021 …) are toasted by
 * the wrapper and reject.
 */
export async function payOrder({ params, idempotencyKey }: PayOrderInput): Promise<PayResult> {
  const reply = await api.call('POST', orderPaths.pay, {
    params: { ...params, idempotency_key: idempotencyKey },
    schema: orderPaidData,
  });
  const outcome = payOutcomeOf(reply);
  if (outcome.kind !== 'unexpected') return outcome;
  const text = runtimeMessage(
    'error.unexpected',
    'Unexpected answer from the server, please try again later',
  );
  void message.error(text, ERROR_TOAST_SECONDS);
  throw new ApiError('format', text);
}

export function usePayOrder() {
  return useMutation({ mutationFn: payOrder });
}
