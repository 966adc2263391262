import { subAccountSchema, subPaths, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

export interface UpdateSubStatusInput {
  id: number;
  status: SubAccount['status'];
}

/** POST /auth/statusupdate → the sub-account enabled or disabled (a disabled one cannot use the proxy). */
export async function updateSubStatus(input: UpdateSubStatusInput): Promise<SubAccount> {
  return (await api.post(subPaths.status, { params: { ...input }, schema: subAccountSchema })).data;
}

export function useUpdateSubStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubStatus,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
