import {
  adminCustomersEndpoints as calls,
  type Endpoint,
  type EndpointData,
  type EndpointInput,
} from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { auditKey } from '../../audit/api/get-audit';
import { customersKey } from './get-customers';

/**
 * An action on a customer (POST /admin/customers/…): once it settles — refused ones too, what the
 * page shows may be out of date — the console's customer queries and the audit log reload.
 * Refusals are toasted by the request wrapper and reject (the dialog stays open to show why).
 */
export function useCustomerAction<E extends Endpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput<E>): Promise<EndpointData<E>> =>
      (await api.send(endpoint, input)).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
      ]),
  });
}

/** POST /admin/customers/adjustBalance (10050 a debit beyond the balance, 10021 a key reused with another amount). */
export const useAdjustBalance = () => useCustomerAction(calls.adjustBalance);
/** POST /admin/customers/adjustTraffic (the same refusals, on the main account's traffic). */
export const useAdjustTraffic = () => useCustomerAction(calls.adjustTraffic);
