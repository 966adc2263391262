import { orderEndpoints, type OrderStatus } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every order-list query starts with this key; invalidate it after a purchase or a payment check. */
export const ordersKey = ['orders'] as const;

export interface OrdersFilter {
  page: number;
  pageSize: number;
  /** Undefined: every status. */
  status?: OrderStatus;
}

/** GET /order/list: one page of the account's orders, newest first. */
export async function getOrders({ page, pageSize, status }: OrdersFilter, signal?: AbortSignal) {
  return (await api.send(orderEndpoints.list, { page, page_size: pageSize, status }, { signal })).data;
}

export function useOrders(filter: OrdersFilter) {
  return useQuery({
    queryKey: [...ordersKey, 'list', filter],
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
  });
}
