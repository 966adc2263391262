import { checkoutData, rechargePaths } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { message } from 'antd';
import { ERROR_TOAST_SECONDS } from '../../../config/business';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { runtimeMessage } from '../../../lib/runtime-intl';
import { checkoutOf, type Checkout } from '../payment-check';

export interface CryptoPaymentInput {
  /** USD as a decimal string ("25.00"). */
  amount: string;
  idempotency_key: string;
}

/**
 * POST /recharge/cryptomusPay → the Cryptomus checkout to send the browser to (code 20302, passed
 * through by `api.call`). Failures (10018 below the minimum, 10001, 10021, 10022) are toasted by
 * the wrapper and reject.
 */
export async function startCryptoPayment(input: CryptoPaymentInput): Promise<Checkout> {
  const reply = await api.call('POST', rechargePaths.pay, { params: { ...input }, schema: checkoutData });
  const checkout = checkoutOf(reply);
  if (checkout) return checkout;
  const text = runtimeMessage(
    'error.unexpected',
    'Unexpected answer from the server, please try again later',
  );
  void message.error(text, ERROR_TOAST_SECONDS);
  throw new ApiError('format', text);
}

export function useStartCryptoPayment() {
  return useMutation({ mutationFn: startCryptoPayment });
}
