import {
  adminCustomersEndpoints as calls,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
} from '@resiport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { customerKey } from './get-customer';

export type LedgerQuery = Omit<EndpointInput<typeof calls.ledger>, 'format'> & { account_id: number };

/** GET /admin/customers/ledger: a page of the customer's money and traffic entries, newest first. */
export function useCustomerLedger(query: LedgerQuery) {
  return useQuery({
    queryKey: [...customerKey(query.account_id), 'ledger', query],
    queryFn: async ({ signal }) => (await api.send(calls.ledger, query, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** One page of one of the customer's lists (orders, top-ups, sessions), newest first. */
function usePagedList<E extends Endpoint>(
  endpoint: E,
  list: string,
  accountId: number,
  page: number,
  pageSize: number,
) {
  const input = { account_id: accountId, page, page_size: pageSize } as EndpointInput<E>;
  return useQuery({
    queryKey: [...customerKey(accountId), list, page, pageSize],
    queryFn: async ({ signal }): Promise<EndpointData<E>> =>
      (await api.send(endpoint, input, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/customers/orders. */
export const useCustomerOrders = (accountId: number, page: number, pageSize: number) =>
  usePagedList(calls.orders, 'orders', accountId, page, pageSize);
/** GET /admin/customers/topups. */
export const useCustomerTopups = (accountId: number, page: number, pageSize: number) =>
  usePagedList(calls.topups, 'topups', accountId, page, pageSize);
/** GET /admin/customers/sessions: revoked ones too, most recently used first. */
export const useCustomerSessions = (accountId: number, page: number, pageSize: number) =>
  usePagedList(calls.sessions, 'sessions', accountId, page, pageSize);

/** GET /admin/customers/usage: the customer's usage per day, the last 30 UTC days. */
export function useCustomerUsage(accountId: number) {
  return useQuery({
    queryKey: [...customerKey(accountId), 'usage'],
    queryFn: async ({ signal }) => (await api.send(calls.usage, { account_id: accountId }, { signal })).data,
  });
}
