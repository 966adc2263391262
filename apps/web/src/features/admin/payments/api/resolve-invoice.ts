import {
  adminPaymentsEndpoints as calls,
  type EndpointData,
  type InvoiceResolveInput,
} from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/**
 * POST /admin/payments/resolve (10065 not resolvable, 10066 already resolved, 10067 no USD figure
 * to credit). Once it settles — refused ones too — every console query reloads.
 */
export function useResolveInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoiceResolveInput): Promise<EndpointData<typeof calls.resolve>> =>
      (await api.send(calls.resolve, input)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
