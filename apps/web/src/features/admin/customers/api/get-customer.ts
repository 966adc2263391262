import { adminCustomersEndpoints, type CustomerDetail } from '@resiport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { customersKey } from './get-customers';

/** The key of one customer's queries (detail and every list of the page). */
export const customerKey = (accountId: number) => [...customersKey, accountId] as const;

/** GET /admin/customers/detail: the customer's facts, balance, traffic, sub-accounts and whitelist. */
export async function getCustomer(accountId: number, signal?: AbortSignal): Promise<CustomerDetail> {
  return (await api.send(adminCustomersEndpoints.detail, { account_id: accountId }, { signal })).data;
}

export function useCustomer(accountId: number) {
  return useQuery({
    queryKey: [...customerKey(accountId), 'detail'],
    queryFn: ({ signal }) => getCustomer(accountId, signal),
  });
}
