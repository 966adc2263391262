import type { subEndpoints } from '@resiport/contract';
import { type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/**
 * The sub-account's settings beyond the original calls (docs/product.md#sub-account-limits), each answering the sub-account as
 * it is after the change: `limits` (POST /auth/limitsupdate: caps, last day, connection limit) and
 * `refill` (POST /auth/refillupdate: auto-refill, refilled at once when already below) and `alerts`
 * (POST /auth/alertsupdate: its own alert thresholds).
 */
type SettingsEndpoint = typeof subEndpoints.limits | typeof subEndpoints.refill | typeof subEndpoints.alerts;

export function useUpdateSubSettings<E extends SettingsEndpoint>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput<E>): Promise<SubAccount> =>
      (await api.send(endpoint, input)).data,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
