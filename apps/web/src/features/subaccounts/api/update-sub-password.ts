import { subEndpoints, type EndpointInput, type SubAccount } from '@resiport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { refreshAfterRefusal, storeSubAccount } from './sub-account-cache';

/**
 * POST /auth/passupdate → the sub-account with its new password (omitted: the server generates a
 * strong one); the old one stops working at once.
 */
export async function updateSubPassword(
  input: EndpointInput<typeof subEndpoints.password>,
): Promise<SubAccount> {
  return (await api.send(subEndpoints.password, input)).data;
}

export function useUpdateSubPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubPassword,
    onSuccess: (sub) => storeSubAccount(queryClient, sub),
    onError: (error) => refreshAfterRefusal(queryClient, error),
  });
}
