import { adminCustomersEndpoints, type EndpointData, type EndpointInput } from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export type CustomersQuery = EndpointInput<typeof adminCustomersEndpoints.list>;
export type CustomersPage = EndpointData<typeof adminCustomersEndpoints.list>;

/** Every console customer query starts with this key: a change to a customer invalidates it. */
export const customersKey = ['admin', 'customers'] as const;

/** GET /admin/customers: one page of customers found by email, id, sub-account or whitelisted IP. */
export async function getCustomers(query: CustomersQuery, signal?: AbortSignal): Promise<CustomersPage> {
  return (await api.send(adminCustomersEndpoints.list, query, { signal })).data;
}

export function useCustomers(query: CustomersQuery) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: ({ signal }) => getCustomers(query, signal),
    placeholderData: keepPreviousData,
  });
}
