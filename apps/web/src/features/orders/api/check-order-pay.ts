import { orderEndpoints } from '@resiport/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useReturnCheck } from '../../../lib/checkout-return';
import { orderCheckOf, type OrderCheck } from '../order-payment';

/**
 * POST /order/checkPay: asks the server (which asks Cryptomus) whether an order's payment has
 * arrived. Like the recharge check (docs/product.md#request-wrapper), a non-zero answer (10020 PaymentPending with the
 * order, 10009 not found …) is toasted and then passed through.
 */
export async function checkOrderPay(orderId: number): Promise<OrderCheck> {
  const reply = await api.call(
    orderEndpoints.checkPay,
    { order_id: orderId },
    { passThroughAfterToast: true },
  );
  return orderCheckOf(reply);
}

/** Back from the checkout (`?order_id=`): see `useReturnCheck`. */
export function useOrderPaymentCheck(orderId: number | undefined, onChecked: (check: OrderCheck) => void) {
  return useReturnCheck(['order', 'check', orderId], orderId, checkOrderPay, onChecked);
}

/** "Check payment" on a row of the orders table. */
export function useCheckOrderPay() {
  return useMutation({ mutationFn: checkOrderPay });
}
