import { subEndpoints } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterTrafficChange, refreshAfterRefusal } from './sub-account-cache';

/**
 * POST /auth/passdelete → what went back to the main account and what it has now. The
 * sub-account's credentials stop working at once (docs/product.md#sub-account-deletion: its traffic is recycled).
 */
export async function deleteSubAccount(id: number) {
  return (await api.send(subEndpoints.delete, { id })).data;
}

export function useDeleteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubAccount,
    onSuccess: ({ main_traffic_left_bytes }) =>
      refreshAfterTrafficChange(queryClient, main_traffic_left_bytes),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
