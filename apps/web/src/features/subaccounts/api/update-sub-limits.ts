import { subEndpoints, type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/** POST /auth/limitsupdate → the sub-account with its new caps, last day and connection limit. */
export async function updateSubLimits(input: EndpointInput<typeof subEndpoints.limits>): Promise<SubAccount> {
  return (await api.send(subEndpoints.limits, input)).data;
}

export function useUpdateSubLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubLimits,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
