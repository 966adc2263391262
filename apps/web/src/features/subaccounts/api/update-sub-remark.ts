import { subEndpoints, type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/** POST /auth/remarkupdate → the sub-account with its new remark (empty clears it). */
export async function updateSubRemark(input: EndpointInput<typeof subEndpoints.remark>): Promise<SubAccount> {
  return (await api.send(subEndpoints.remark, input)).data;
}

export function useUpdateSubRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubRemark,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
