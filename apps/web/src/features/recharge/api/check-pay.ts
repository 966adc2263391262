import { checkPayData, rechargePaths } from '@resiport/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { paymentCheckOf, type PaymentCheck } from '../payment-check';

/**
 * POST /recharge/checkPay: asks the server (which asks Cryptomus) how a top-up stands. Spec §8: a
 * non-zero answer (10020 PaymentPending, 10009 not yours …) is toasted and then passed through.
 */
export async function checkPay(rechargeId: number): Promise<PaymentCheck> {
  const reply = await api.call('POST', rechargePaths.check, {
    params: { recharge_id: rechargeId },
    schema: checkPayData,
    passThroughAfterToast: true,
  });
  return paymentCheckOf(reply);
}

/**
 * Checks once per page visit (never again by itself: each check may toast); `refetch()` is the
 * "Check again" button. `onChecked` runs after every check, e.g. to refresh the balance.
 */
export function useCheckPay(rechargeId: number | undefined, onChecked: (check: PaymentCheck) => void) {
  return useQuery({
    queryKey: ['recharge', 'check', rechargeId],
    queryFn:
      rechargeId === undefined
        ? skipToken
        : async () => {
            const check = await checkPay(rechargeId);
            onChecked(check);
            return check;
          },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
