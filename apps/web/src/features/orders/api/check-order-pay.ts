import { orderPaths, orderSchema } from '@resiport/contract';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderCheckOf, type OrderCheck } from '../order-payment';

/**
 * POST /order/checkPay: asks the server (which asks Cryptomus) whether an order's payment has
 * arrived. Like the recharge check (spec §8), a non-zero answer (10020 PaymentPending with the
 * order, 10009 not found …) is toasted and then passed through.
 */
export async function checkOrderPay(orderId: number): Promise<OrderCheck> {
  const reply = await api.call('POST', orderPaths.checkPay, {
    params: { order_id: orderId },
    schema: orderSchema,
    passThroughAfterToast: true,
  });
  return orderCheckOf(reply);
}

/**
 * Back from the checkout: checks once per page visit (never again by itself: each check may
 * toast); `refetch()` is "Check again". `onChecked` runs after every check.
 */
export function useOrderPaymentCheck(orderId: number | undefined, onChecked: (check: OrderCheck) => void) {
  return useQuery({
    queryKey: ['order', 'check', orderId],
    queryFn:
      orderId === undefined
        ? skipToken
        : async () => {
            const check = await checkOrderPay(orderId);
            onChecked(check);
            return check;
          },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** "Check payment" on a row of the orders table. */
export function useCheckOrderPay() {
  return useMutation({ mutationFn: checkOrderPay });
}
