import { subAccountSchema, subPaths, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

export interface UpdateSubPasswordInput {
  id: number;
  /** Omitted: the server generates a new strong one. */
  password?: string;
}

/** POST /auth/passupdate → the sub-account with its new password; the old one stops working at once. */
export async function updateSubPassword(input: UpdateSubPasswordInput): Promise<SubAccount> {
  return (await api.post(subPaths.password, { params: { ...input }, schema: subAccountSchema })).data;
}

export function useUpdateSubPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubPassword,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
