import { adminPaymentsEndpoints as calls, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export type AdminOrdersQuery = EndpointInput<typeof calls.orders>;
export type AdminOrdersPage = EndpointData<typeof calls.orders>;

/** Every query of the console's orders and payments starts with this key; changes invalidate it. */
export const paymentsKey = ['admin', 'payments'] as const;

/** GET /admin/payments/orders: one page of every customer's orders, newest first, as filtered. */
export async function getAdminOrders(
  query: AdminOrdersQuery,
  signal?: AbortSignal,
): Promise<AdminOrdersPage> {
  return (await api.send(calls.orders, query, { signal })).data;
}

export function useAdminOrders(query: AdminOrdersQuery) {
  return useQuery({
    queryKey: [...paymentsKey, 'orders', query],
    queryFn: ({ signal }) => getAdminOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/payments/order: one order with its timeline, invoice, ledger entries and refund. */
export function useAdminOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: [...paymentsKey, 'order', orderId],
    queryFn:
      orderId === undefined
        ? skipToken
        : async ({ signal }) => (await api.send(calls.order, { order_id: orderId }, { signal })).data,
  });
}
