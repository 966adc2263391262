import { rechargeEndpoints, type EndpointInput } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unexpectedAnswer } from '../../../lib/api';
import { checkoutOf, type Checkout } from '../payment-check';

/**
 * POST /recharge/cryptomusPay (`amount`: USD as a decimal string, "25.00") → the Cryptomus checkout to send the browser to (code 20302, passed
 * through by `api.call`). Failures (10018 below the minimum, 10001, 10021, 10022) are toasted by
 * the wrapper and reject.
 */
export async function startCryptoPayment(
  input: EndpointInput<typeof rechargeEndpoints.pay>,
): Promise<Checkout> {
  const reply = await api.call(rechargeEndpoints.pay, input);
  const checkout = checkoutOf(reply);
  if (checkout) return checkout;
  throw unexpectedAnswer();
}

export function useStartCryptoPayment() {
  return useMutation({ mutationFn: startCryptoPayment });
}
