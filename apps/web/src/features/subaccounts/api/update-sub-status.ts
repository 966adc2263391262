import { subEndpoints, type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/** POST /auth/statusupdate → the sub-account enabled or disabled (a disabled one cannot use the proxy). */
export async function updateSubStatus(input: EndpointInput<typeof subEndpoints.status>): Promise<SubAccount> {
  return (await api.send(subEndpoints.status, input)).data;
}

export function useUpdateSubStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubStatus,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
