import { rechargeEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useReturnCheck } from '../../../lib/checkout-return';
import { paymentCheckOf, type PaymentCheck } from '../payment-check';

/**
 * POST /recharge/checkPay: asks the server (which asks Cryptomus) how a top-up stands. docs/product.md#request-wrapper: a
 * non-zero answer (10020 PaymentPending, 10009 not yours …) is toasted and then passed through.
 */
export async function checkPay(rechargeId: number): Promise<PaymentCheck> {
  const reply = await api.call(
    rechargeEndpoints.check,
    { recharge_id: rechargeId },
    { passThroughAfterToast: true },
  );
  return paymentCheckOf(reply);
}

/** Back from the checkout (`?recharge_id=`): see `useReturnCheck`. */
export function useCheckPay(rechargeId: number | undefined, onChecked: (check: PaymentCheck) => void) {
  return useReturnCheck(['recharge', 'check', rechargeId], rechargeId, checkPay, onChecked);
}

/** "Check payment" on an unpaid top-up in the recharge record. */
export function useCheckRechargePay() {
  return useMutation({ mutationFn: checkPay });
}
