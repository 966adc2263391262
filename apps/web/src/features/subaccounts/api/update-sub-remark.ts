import { subAccountSchema, subPaths, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

export interface UpdateSubRemarkInput {
  id: number;
  /** Empty clears it. */
  remark: string;
}

/** POST /auth/remarkupdate → the sub-account with its new remark. */
export async function updateSubRemark(input: UpdateSubRemarkInput): Promise<SubAccount> {
  return (await api.post(subPaths.remark, { params: { ...input }, schema: subAccountSchema })).data;
}

export function useUpdateSubRemark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubRemark,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
