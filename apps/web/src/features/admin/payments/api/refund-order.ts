import {
  adminPaymentsEndpoints as calls,
  type EndpointData,
  type OrderRefundInput,
  type RefundQuote,
} from '@resiport/contract';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { paymentsKey } from './get-admin-orders';

/**
 * GET /admin/payments/refundQuote: what a refund would remove and return now, asked afresh each
 * time the dialog opens (the customer's traffic moves). A refusal (10060–10064) rejects, quietly:
 * the dialog says why.
 */
export function useRefundQuote(orderId: number | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, 'refundQuote', orderId],
    queryFn:
      orderId === undefined
        ? skipToken
        : async ({ signal }): Promise<RefundQuote> =>
            (await api.send(calls.refundQuote, { order_id: orderId }, { signal, quiet: true })).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * POST /admin/payments/refund (10060 already refunded, 10061 not paid, 10062 paid by crypto, 10063 a
 * trial, 10064 nothing unused). Once it settles — refused ones too — every console query reloads:
 * the order, the customer's balance, the audit log and the overview all changed or were stale.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderRefundInput): Promise<EndpointData<typeof calls.refund>> =>
      (await api.send(calls.refund, input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
